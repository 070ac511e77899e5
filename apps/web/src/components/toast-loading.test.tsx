import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithIntl } from "./test-utils";
import { type ToastApi, ToastProvider, useToast } from "./toast";

// Its own file: the toasts' code is loaded once per module instance, and this checks the first
// load (toast.test.tsx loads it up front).

let api: ToastApi;

function CaptureApi(): null {
  api = useToast();
  return null;
}

describe("ToastProvider before the first toast", () => {
  it("renders no toast region until a toast is shown, then loads it and shows the toast", async () => {
    renderWithIntl(
      <ToastProvider>
        <CaptureApi />
      </ToastProvider>,
    );
    expect(screen.queryByRole("region")).toBeNull();

    act(() => api.show({ title: "Deine Änderungen sind gespeichert." }));
    const region = await screen.findByRole("region", { name: "Benachrichtigungen (F8)" });
    await waitFor(() =>
      expect(region.querySelector("li[data-toast-id]")?.textContent).toContain(
        "Deine Änderungen sind gespeichert.",
      ),
    );
  });
});

import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "../../components/test-utils";
import { FlowLink } from "./flow-link";
import { LOADING_TIMEOUT_MS } from "./loading-screen-view";

function renderLink(): void {
  renderWithIntl(
    <FlowLink href="/login" reloadHref="https://accounts.example.de">
      Anmelden
    </FlowLink>,
  );
}

function click(init: MouseEventInit = {}): void {
  const link = screen.getByRole("link", { name: "Anmelden" });
  // jsdom does not navigate; keep it from trying.
  link.addEventListener("click", (event) => event.preventDefault());
  fireEvent.click(link, init);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("FlowLink (loading screen while a flow starts)", () => {
  it("shows the spinner, then after 20 s the try-again text and a reload link", () => {
    renderLink();
    click();
    expect(screen.getByRole("status").textContent).toContain("Wird geladen");
    act(() => {
      vi.advanceTimersByTime(LOADING_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole("alert").textContent).toContain(
      "Etwas ist schiefgelaufen. Lade die Seite bitte neu.",
    );
    expect(screen.getByRole("link", { name: "Neu laden" }).getAttribute("href")).toBe(
      "https://accounts.example.de",
    );
  });

  it("stays a plain link when opened in a new tab", () => {
    renderLink();
    click({ ctrlKey: true });
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("ends the loading when the page comes back from the browser's cache", () => {
    renderLink();
    click();
    act(() => {
      const event = new Event("pageshow") as PageTransitionEvent;
      Object.defineProperty(event, "persisted", { value: true });
      window.dispatchEvent(event);
    });
    expect(screen.queryByRole("status")).toBeNull();
  });
});

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TitleAnnouncer } from "./title-announcer";

/** Next's route announcer as the browser has it: a custom element with its region in a shadow root. */
function nextAnnouncer(): HTMLElement {
  const host = document.createElement("next-route-announcer");
  const region = document.createElement("div");
  region.id = "__next-route-announcer__";
  region.setAttribute("role", "alert");
  host.attachShadow({ mode: "open" }).append(region);
  document.body.append(host);
  return region;
}

/** The title changes as React puts the next screen's <title> into <head>. */
async function newTitle(text: string): Promise<void> {
  await act(async () => {
    document.title = text;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  document.title = "Anmelden · Moos";
});

afterEach(() => {
  cleanup();
  document.querySelector("next-route-announcer")?.remove();
  vi.useRealTimers();
});

describe("TitleAnnouncer", () => {
  it("says nothing on the first load", async () => {
    render(<TitleAnnouncer />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("says the next screen's title when Next's announcer missed it", async () => {
    nextAnnouncer().textContent = "Anmelden · Moos";
    render(<TitleAnnouncer />);
    await newTitle("Konto bestätigen · Moos");
    expect(screen.getByRole("status").textContent).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByRole("status").textContent).toBe("Konto bestätigen · Moos");
    expect(screen.getByRole("status").dataset.handledTitle).toBe("Konto bestätigen · Moos");
  });

  it("leaves the title to Next's announcer when that says it, so it is heard once", async () => {
    const next = nextAnnouncer();
    render(<TitleAnnouncer />);
    await newTitle("Konto bestätigen · Moos");
    next.textContent = "Konto bestätigen · Moos";
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("status").dataset.handledTitle).toBe("Konto bestätigen · Moos");
  });
});

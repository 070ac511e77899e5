import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "./test-utils";
import {
  DEFAULT_TOAST_DURATION_MS,
  loadToastRegion,
  type ToastApi,
  ToastProvider,
  useToast,
} from "./toast";

let api: ToastApi;

function CaptureApi(): null {
  api = useToast();
  return null;
}

function renderToasts(locale: "de" | "en" = "de"): void {
  renderWithIntl(
    <ToastProvider>
      <CaptureApi />
    </ToastProvider>,
    { locale },
  );
}

function show(toast: Parameters<ToastApi["show"]>[0]): void {
  act(() => api.show(toast));
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function toasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("li[data-toast-id]")];
}

// jsdom has no PointerEvent; Radix reads clientX, button and pointerId from the events.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? "mouse";
  }
}

// The toasts' own chunk, which the page fetches with the first toast (the test below), loaded
// before the rest so they run with fake timers.
beforeAll(async () => {
  await loadToastRegion();
});

beforeEach(() => {
  vi.useFakeTimers();
  if (typeof window.PointerEvent === "undefined") {
    vi.stubGlobal("PointerEvent", TestPointerEvent);
  }
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Toast", () => {
  it(`closes itself after ${DEFAULT_TOAST_DURATION_MS} ms by default`, () => {
    renderToasts();
    show({ title: "Deine Änderungen sind gespeichert.", description: "Alles gut." });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]?.textContent).toContain("Deine Änderungen sind gespeichert.");
    expect(toasts()[0]?.textContent).toContain("Alles gut.");

    advance(DEFAULT_TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
    advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it("stays as long as its own duration says", () => {
    renderToasts();
    show({ title: "Konto bestätigt", durationMs: 5000 });
    advance(4999);
    expect(toasts()).toHaveLength(1);
    advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it("shows one toast at a time: a new one replaces the old one", () => {
    renderToasts();
    show({ title: "Erste" });
    advance(3000);
    show({ title: "Zweite" });
    expect(toasts().map((toast) => toast.textContent)).toEqual([expect.stringContaining("Zweite")]);
    // The new toast has its full time, not what was left of the first one's.
    advance(3999);
    expect(toasts()).toHaveLength(1);
    advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it("generates a unique id when none is given and keeps a given one", () => {
    renderToasts();
    const ids = new Set<string>();
    for (let index = 0; index < 20; index += 1) {
      show({ title: `Nummer ${index}` });
      ids.add(toasts()[0]?.dataset.toastId ?? "");
    }
    expect(ids.size).toBe(20);
    expect(ids.has("")).toBe(false);
    show({ id: "saved", title: "Gespeichert" });
    expect(toasts()[0]?.dataset.toastId).toBe("saved");
  });

  it("gives focus back to where it was when closed from inside, not to the empty list", () => {
    renderToasts();
    const before = document.createElement("button");
    before.textContent = "Passwort ändern";
    document.body.append(before);
    show({ title: "Deine Änderungen sind gespeichert." });
    before.focus();
    const close = screen.getByRole("button", { name: "Schließen" });
    close.focus();
    fireEvent.click(close);
    advance(50);
    expect(toasts()).toHaveLength(0);
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it("makes room below the page while shown, so focus scrolls clear of it", () => {
    renderToasts();
    expect(document.documentElement.style.getPropertyValue("--toast-space")).toBe("");
    show({ title: "Hallo" });
    expect(document.documentElement.style.getPropertyValue("--toast-space")).toMatch(/px$/);
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(document.documentElement.style.getPropertyValue("--toast-space")).toBe("");
  });

  it("closes with its close button, labelled in the visitor's language", () => {
    renderToasts();
    show({ title: "Hallo" });
    fireEvent.click(screen.getByRole("button", { name: "Schließen" }));
    expect(toasts()).toHaveLength(0);
  });

  it("labels the close button Close in English", () => {
    renderToasts("en");
    show({ title: "Hello" });
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });

  it("moves focus to the notification region on F8", () => {
    renderToasts();
    show({ title: "Hallo" });
    const viewport = screen
      .getByRole("region", { name: "Benachrichtigungen (F8)" })
      .querySelector("ol");
    expect(document.activeElement).not.toBe(viewport);
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    expect(document.activeElement).toBe(viewport);
    expect(viewport?.className).toContain("max-w-toast");
  });

  it("pauses its timer while focus is inside and resumes when it leaves", () => {
    renderToasts();
    show({ title: "Hallo" });
    advance(1000);
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    advance(10_000);
    expect(toasts()).toHaveLength(1);
    act(() => (document.activeElement as HTMLElement).blur());
    fireEvent.focusOut(screen.getByRole("region"), { relatedTarget: document.body });
    advance(2999);
    expect(toasts()).toHaveLength(1);
    advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it("is dismissed by a swipe to the right past 50 px, not by a shorter one", () => {
    renderToasts();
    show({ title: "Hallo" });
    const toast = toasts()[0] as HTMLElement;
    // Nor pointer capture, which Radix uses while swiping.
    toast.setPointerCapture = () => {};
    toast.hasPointerCapture = () => false;
    toast.releasePointerCapture = () => {};

    swipe(toast, 40);
    expect(toasts()).toHaveLength(1);
    swipe(toasts()[0] as HTMLElement, 60);
    expect(toasts()).toHaveLength(0);
  });
});

function swipe(element: HTMLElement, distance: number): void {
  const pointer = { pointerId: 1, button: 0, pointerType: "mouse", clientY: 10 };
  fireEvent.pointerDown(element, { ...pointer, clientX: 100 });
  fireEvent.pointerMove(element, { ...pointer, clientX: 105 });
  fireEvent.pointerMove(element, { ...pointer, clientX: 100 + distance });
  fireEvent.pointerUp(element, { ...pointer, clientX: 100 + distance });
}

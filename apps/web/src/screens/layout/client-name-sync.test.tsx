import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_STORAGE_KEY } from "../../lib/client-name";
import { ClientNameSync } from "./client-name-sync";

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  window.history.replaceState(null, "", "/login?client=shop");
});

afterEach(() => {
  // Unmounted while the stubs still stand (its cleanup cancels the idle callback).
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ClientNameSync", () => {
  it("keeps ?client= once the browser is idle, not while the page starts", () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    render(<ClientNameSync secure={false} />);
    expect(window.localStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();

    act(() => {
      for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 10 });
    });
    expect(JSON.parse(window.localStorage.getItem(CLIENT_STORAGE_KEY) ?? "")).toEqual({
      client: "shop",
    });
    expect(document.cookie).toContain("moos_client=shop");
  });

  it("uses the next task where the browser has no idle callbacks (Safari)", () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    render(<ClientNameSync secure={false} />);
    expect(window.localStorage.getItem(CLIENT_STORAGE_KEY)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(window.localStorage.getItem(CLIENT_STORAGE_KEY)).toContain("shop");
  });
});

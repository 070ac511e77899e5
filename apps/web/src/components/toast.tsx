"use client";

// Toasts: the provider every page has and the hook that shows one. The toasts themselves
// (toast-region.tsx, on Radix Toast) are a separate chunk fetched when the first toast is shown:
// most pages never show one and should not pay for it.

import * as React from "react";
import type { ShownToast, ToastOptions } from "./toast-options";

export {
  DEFAULT_TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastOptions,
} from "./toast-options";

export type ToastApi = {
  show(toast: ToastOptions): void;
};

type ToastRegionComponent = typeof import("./toast-region").ToastRegion;

const ToastContext = React.createContext<ToastApi | null>(null);

let sequence = 0;
let loadedRegion: ToastRegionComponent | undefined;
let loadingRegion: Promise<ToastRegionComponent> | undefined;

function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/**
 * Unique for the page's lifetime. crypto.randomUUID() is not used because browsers offer it
 * only in secure contexts, and the app may be opened over plain http inside a local network.
 */
function createToastId(): string {
  return `toast-${Date.now().toString(36)}-${nextSequence().toString(36)}`;
}

/** Fetches the toasts' code once; a failed fetch is tried again by the next toast. */
export function loadToastRegion(): Promise<ToastRegionComponent> {
  loadingRegion ??= import("./toast-region").then(
    (module) => {
      loadedRegion = module.ToastRegion;
      return module.ToastRegion;
    },
    (error: unknown) => {
      loadingRegion = undefined;
      throw error;
    },
  );
  return loadingRegion;
}

export function ToastProvider({ children }: { children?: React.ReactNode }): React.JSX.Element {
  const [toasts, setToasts] = React.useState<readonly ShownToast[]>([]);
  const [Region, setRegion] = React.useState(() => loadedRegion);

  const api = React.useMemo<ToastApi>(
    () => ({
      show(toast) {
        // One toast at a time: a new one replaces the list instead of stacking up.
        setToasts([{ ...toast, id: toast.id ?? createToastId(), instance: nextSequence() }]);
        if (loadedRegion) return;
        loadToastRegion().then(
          (region) => setRegion(() => region),
          // Offline or a new deployment: the note is lost, the page goes on working.
          () => undefined,
        );
      },
    }),
    [],
  );

  const remove = React.useCallback((instance: number) => {
    setToasts((shown) => shown.filter((toast) => toast.instance !== instance));
  }, []);

  // Loaded by another provider meanwhile (a test, a second root): take it on the next render.
  const Shown = Region ?? loadedRegion;
  return (
    <ToastContext value={api}>
      {children}
      {Shown ? <Shown toasts={toasts} onClose={remove} /> : null}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = React.use(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above it");
  return api;
}

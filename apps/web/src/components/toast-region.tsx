"use client";

// The toasts themselves, on Radix Toast: fetched by toast.tsx when the first toast is shown, so
// pages that never show one do not load it.

import * as RadixToast from "@radix-ui/react-toast";
import * as React from "react";
import {
  DEFAULT_TOAST_DURATION_MS,
  type ShownToast,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toast-options";
import { useUiTexts } from "./ui-texts";

export function ToastRegion({
  toasts,
  onClose,
}: {
  toasts: readonly ShownToast[];
  onClose: (instance: number) => void;
}): React.JSX.Element {
  const texts = useUiTexts();
  const viewportRef = React.useRef<HTMLOListElement>(null);
  const returnFocus = useReturnFocus(viewportRef);
  useToastSpace(viewportRef, toasts.length > 0);
  return (
    <RadixToast.Provider
      duration={DEFAULT_TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={texts.notification}
    >
      {toasts.map((toast) => (
        <ToastItem
          key={toast.instance}
          toast={toast}
          closeLabel={texts.close}
          onClose={() => {
            onClose(toast.instance);
            returnFocus();
          }}
        />
      ))}
      {/* Radix pauses the timer while the pointer is over the region or focus is inside it,
          and moves focus here on F8. */}
      <RadixToast.Viewport
        ref={viewportRef}
        hotkey={[...TOAST_HOTKEY]}
        label={texts.notifications}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-toast list-none flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-petrol-600"
      />
    </RadixToast.Provider>
  );
}

/**
 * Closing a toast from inside it (its button, Escape) leaves focus where it was before it went
 * into the toast (F8 or Tab), not on the empty list Radix falls back to.
 */
function useReturnFocus(viewportRef: React.RefObject<HTMLOListElement | null>): () => void {
  const before = React.useRef<HTMLElement | null>(null);
  React.useEffect(() => {
    const onFocusIn = (event: FocusEvent): void => {
      const viewport = viewportRef.current;
      const from = event.relatedTarget;
      if (!viewport || !(event.target instanceof Node) || !viewport.contains(event.target)) return;
      if (from instanceof HTMLElement && !viewport.contains(from)) before.current = from;
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [viewportRef]);
  return React.useCallback(() => {
    // After Radix has moved focus to the list (it does so when the toast goes).
    requestAnimationFrame(() => {
      const viewport = viewportRef.current;
      const active = document.activeElement;
      const isLost = active === null || active === document.body || viewport?.contains(active);
      if (isLost && before.current?.isConnected) before.current.focus();
    });
  }, [viewportRef]);
}

/**
 * While a toast shows, the page gets room below its content as tall as the toasts, and the
 * browser keeps a focused element out of that band (scroll-padding, globals.css): a toast never
 * covers what has focus (WCAG 2.4.11), also at 320 px where it spans the whole width.
 */
function useToastSpace(
  viewportRef: React.RefObject<HTMLOListElement | null>,
  isShown: boolean,
): void {
  React.useEffect(() => {
    const viewport = viewportRef.current;
    const root = document.documentElement;
    if (!viewport || !isShown) {
      root.style.removeProperty("--toast-space");
      return;
    }
    const update = (): void => {
      root.style.setProperty("--toast-space", `${viewport.offsetHeight}px`);
    };
    update();
    // Every browser we serve has ResizeObserver; jsdom (unit tests) has not.
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    observer?.observe(viewport);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--toast-space");
    };
  }, [viewportRef, isShown]);
}

function ToastItem({
  toast,
  closeLabel,
  onClose,
}: {
  toast: ShownToast;
  closeLabel: string;
  onClose: () => void;
}): React.JSX.Element {
  return (
    <RadixToast.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      duration={toast.durationMs}
      data-toast-id={toast.id}
      className={[
        "flex items-start gap-3 rounded-control border border-gray-200 border-l-4 border-l-green-700",
        "bg-surface p-4 text-gray-900 shadow-lg outline-none focus-visible:outline-2",
        "focus-visible:outline-offset-2 focus-visible:outline-petrol-600",
        "data-[state=open]:animate-toast-in motion-reduce:animate-none",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)",
        "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
      ].join(" ")}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
        {toast.description ? (
          <RadixToast.Description className="text-sm text-gray-700">
            {toast.description}
          </RadixToast.Description>
        ) : null}
      </div>
      <RadixToast.Close
        aria-label={closeLabel}
        className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-control text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-petrol-600"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

"use client";

// The toasts themselves, on Radix Toast: fetched by toast.tsx when the first toast is shown, so
// pages that never show one do not load it.

import * as RadixToast from "@radix-ui/react-toast";
import type * as React from "react";
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
          onClose={() => onClose(toast.instance)}
        />
      ))}
      {/* Radix pauses the timer while the pointer is over the region or focus is inside it,
          and moves focus here on F8. */}
      <RadixToast.Viewport
        hotkey={[...TOAST_HOTKEY]}
        label={texts.notifications}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-toast list-none flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-petrol-600"
      />
    </RadixToast.Provider>
  );
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
        "bg-white p-4 text-gray-900 shadow-lg outline-none focus-visible:outline-2",
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

"use client";

import * as RadixToast from "@radix-ui/react-toast";
import { useTranslations } from "next-intl";
import * as React from "react";

export type ToastOptions = {
  /** Given ids let a caller show the same note again; otherwise a unique one is generated. */
  id?: string;
  title: string;
  description?: string;
  /** How long the toast stays; DEFAULT_TOAST_DURATION_MS when not given. */
  durationMs?: number;
};

export type ToastApi = {
  show(toast: ToastOptions): void;
};

export const DEFAULT_TOAST_DURATION_MS = 4000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = ["F8"];

type ShownToast = Required<Pick<ToastOptions, "id" | "title">> &
  Pick<ToastOptions, "description" | "durationMs"> & {
    /** Changes on every show(), so showing the same id again restarts its timer. */
    instance: number;
  };

const ToastContext = React.createContext<ToastApi | null>(null);

let sequence = 0;

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

export function ToastProvider({ children }: { children?: React.ReactNode }): React.JSX.Element {
  const t = useTranslations("common");
  const [toasts, setToasts] = React.useState<readonly ShownToast[]>([]);

  const api = React.useMemo<ToastApi>(
    () => ({
      show(toast) {
        // One toast at a time: a new one replaces the list instead of stacking up.
        setToasts([{ ...toast, id: toast.id ?? createToastId(), instance: nextSequence() }]);
      },
    }),
    [],
  );

  const remove = React.useCallback((instance: number) => {
    setToasts((shown) => shown.filter((toast) => toast.instance !== instance));
  }, []);

  return (
    <RadixToast.Provider
      duration={DEFAULT_TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t("notification")}
    >
      <ToastContext value={api}>{children}</ToastContext>
      {toasts.map((toast) => (
        <ToastItem
          key={toast.instance}
          toast={toast}
          closeLabel={t("close")}
          onClose={() => remove(toast.instance)}
        />
      ))}
      {/* Radix pauses the timer while the pointer is over the region or focus is inside it,
          and moves focus here on F8. */}
      <RadixToast.Viewport
        hotkey={TOAST_HOTKEY}
        label={t("notifications", { hotkey: TOAST_HOTKEY.join("+") })}
        className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-toast list-none flex-col gap-2 p-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-petrol-600"
      />
    </RadixToast.Provider>
  );
}

export function useToast(): ToastApi {
  const api = React.use(ToastContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> above it");
  return api;
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

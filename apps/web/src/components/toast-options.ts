// What toast.tsx (the provider every page has) and toast-region.tsx (the toasts, loaded when the
// first one shows) share. No "use client": the server names the toast region with the hotkey
// (src/i18n/ui-texts.ts).

export type ToastOptions = {
  /** Given ids let a caller show the same note again; otherwise a unique one is generated. */
  id?: string;
  title: string;
  description?: string;
  /** How long the toast stays; DEFAULT_TOAST_DURATION_MS when not given. */
  durationMs?: number;
};

export type ShownToast = Required<Pick<ToastOptions, "id" | "title">> &
  Pick<ToastOptions, "description" | "durationMs"> & {
    /** Changes on every show(), so showing the same id again restarts its timer. */
    instance: number;
  };

export const DEFAULT_TOAST_DURATION_MS = 4000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The keys that move focus to the toast region. */
export const TOAST_HOTKEY: readonly string[] = ["F8"];

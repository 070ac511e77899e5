"use client";

import * as React from "react";
import { Alert } from "../../components/alert";
import { useToast } from "../../components/toast";

/** How long a success note from the identity service stays (SPEC.md §9: 5000 ms). */
export const SUCCESS_NOTE_DURATION_MS = 5000;

/**
 * A success note (1050001 saved, 1080002 verified): a toast with
 * JavaScript, the same note as an Alert in the page without it.
 */
export function SuccessNote({ id, title }: { id: string; title: string }): React.JSX.Element {
  const toast = useToast();
  React.useEffect(() => {
    toast.show({ id, title, durationMs: SUCCESS_NOTE_DURATION_MS });
  }, [toast, id, title]);
  return (
    <noscript>
      <Alert severity="success" title={title} />
    </noscript>
  );
}

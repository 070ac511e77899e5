"use client";

import * as React from "react";

/**
 * Moves focus to the element with `id` once, when it appears: the message a form post led to
 * (with JavaScript the page changes without a load, and focus would stay on a button that is
 * gone). Without JavaScript the redirect's `#notice` takes the browser there instead.
 */
export function FocusHere({ id }: { id: string }): null {
  React.useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);
  return null;
}

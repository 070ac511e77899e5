"use client";

import type * as React from "react";
import { focusElement, stepStart } from "../../flow-engine/screen-focus";

/**
 * The first stop of the Tab key (WCAG 2.4.1): past the logo and the language switch to the
 * screen. Without JavaScript the browser follows the anchor to <main>; with it, focus goes
 * where a step would put it (the first error, else the first field, else the heading).
 */
export function SkipLink({
  targetId,
  label,
}: {
  targetId: string;
  label: string;
}): React.JSX.Element {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        const main = document.getElementById(targetId);
        const start = main ? stepStart(main) : undefined;
        if (!start) return;
        event.preventDefault();
        focusElement(start);
      }}
      className="sr-only rounded-control bg-surface px-4 py-3 font-semibold text-petrol-700 underline focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-petrol-600"
    >
      {label}
    </a>
  );
}

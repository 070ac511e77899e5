"use client";

import type * as React from "react";
import { useUiTexts } from "./ui-texts";

// A client component for its label (the layout's UiTextsProvider); the loading screen and the
// social redirect, which show it, are client components anyway.
export function Spinner(): React.JSX.Element {
  const texts = useUiTexts();
  return (
    <div role="status" className="inline-flex items-center justify-center text-green-700">
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        className="size-12 animate-spin motion-reduce:animate-[spin_2.5s_linear_infinite]"
        fill="none"
      >
        <circle cx="24" cy="24" r="20" stroke="currentColor" strokeOpacity="0.2" strokeWidth="5" />
        <path
          d="M44 24A20 20 0 0 0 24 4"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{texts.loading}</span>
    </div>
  );
}

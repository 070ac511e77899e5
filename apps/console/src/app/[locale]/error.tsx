"use client";

import { useParams } from "next/navigation";
import type * as React from "react";
import de from "../../../messages/de/common.json";
import en from "../../../messages/en/common.json";

// What a screen shows when loading it failed (the identity service unreachable or failing):
// a calm message and a way to try again. The cause is in the server's log, never on screen.
export default function ErrorScreen({ reset }: { reset: () => void }): React.JSX.Element {
  const { locale } = useParams<{ locale: string }>();
  const texts = (locale === "en" ? en : de).error;
  return (
    <div className="flex max-w-xl flex-col gap-4" role="alert">
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <div>
        <button
          type="button"
          onClick={reset}
          className="min-h-button rounded-control bg-green-700 px-5 py-2 font-semibold text-surface hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600"
        >
          {texts.retry}
        </button>
      </div>
    </div>
  );
}

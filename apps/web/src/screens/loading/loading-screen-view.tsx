"use client";

import * as React from "react";
import { buttonVariants } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { useUiTexts } from "../../components/ui-texts";

/** SPEC.md §9: after 20 s of loading, offer a reload. */
export const LOADING_TIMEOUT_MS = 20_000;

/** The loading screen: a spinner, after 20 s the try-again text and a reload link. */
export function LoadingScreenView({ reloadHref }: { reloadHref: string }): React.JSX.Element {
  const texts = useUiTexts();
  const [timedOut, setTimedOut] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <section
      aria-label={texts.loadingScreen}
      aria-busy={!timedOut}
      className="flex flex-col items-center gap-4 py-16 text-center"
    >
      {timedOut ? (
        <div role="alert" className="flex flex-col items-center gap-3">
          <p className="text-gray-900">{texts.tryAgainSomethingWentWrong}</p>
          <a href={reloadHref} className={buttonVariants({ variant: "link" })}>
            {texts.reload}
          </a>
        </div>
      ) : (
        <Spinner />
      )}
    </section>
  );
}

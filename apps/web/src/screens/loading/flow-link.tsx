"use client";

import * as React from "react";
import { LoadingScreenView } from "./loading-screen-view";

/**
 * A link that starts a flow (a screen without `?flow=`): the screen shows only once the flow
 * is made (the proxy's 303 to the screen with `?flow=`, flow-engine/start-flow.ts).
 * Meanwhile the loading screen covers the page; it offers a reload after 20 s. Without
 * JavaScript it is a plain link and the browser shows its own progress.
 */
export function FlowLink({
  href,
  className,
  reloadHref,
  children,
}: {
  href: string;
  className?: string;
  reloadHref: string;
  children: React.ReactNode;
}): React.JSX.Element {
  const [isLoading, setIsLoading] = React.useState(false);

  // Coming back with the browser's back button restores this page from its cache: loading
  // ended then.
  React.useEffect(() => {
    const reset = (event: PageTransitionEvent): void => {
      if (event.persisted) setIsLoading(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>): void => {
    const opensElsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.button === 0 && !opensElsewhere) setIsLoading(true);
  };

  return (
    <>
      <a href={href} className={className} onClick={onClick}>
        {children}
      </a>
      {isLoading ? (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-beige-50">
          <LoadingScreenView reloadHref={reloadHref} />
        </div>
      ) : null}
    </>
  );
}

"use client";

import * as React from "react";
import { buttonVariants } from "../../components/button";
import { Spinner } from "../../components/spinner";

export interface SocialRedirectTexts {
  readonly title: string;
  readonly text: string;
  readonly fallback: string;
  readonly fallbackLink: string;
}

/**
 * The social login redirect screen (SPEC.md §2): shown while the browser leaves for the
 * provider, with a link to go there by hand if nothing happens. It covers the page as a modal
 * dialog and takes the focus, so screen readers announce where the customer is going. Without
 * JavaScript the browser simply follows the server's 303 and shows its own progress.
 */
export function SocialRedirect({
  href,
  texts,
}: {
  href: string;
  texts: SocialRedirectTexts;
}): React.JSX.Element {
  const titleId = React.useId();
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-slot="social-redirect"
      className="fixed inset-0 z-40 flex items-center justify-center bg-beige-50 px-4"
    >
      <div className="flex max-w-[28rem] flex-col items-center gap-4 text-center">
        <Spinner />
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="text-h2 font-bold text-gray-900 outline-none"
        >
          {texts.title}
        </h2>
        <p className="text-gray-700">{texts.text}</p>
        <p className="text-gray-700">
          {texts.fallback}{" "}
          <a href={href} className={buttonVariants({ variant: "link" })}>
            {texts.fallbackLink}
          </a>
        </p>
      </div>
    </div>
  );
}

"use client";

import * as React from "react";

/**
 * Says the new page title when the client router brings another screen (a form's answer, a
 * server action's redirect): no page load happens, so a screen reader would otherwise stay
 * silent. Next's own route announcer reads `document.title` once the route has changed. When the
 * new page's streamed metadata arrives later than that, it hears the old title and says nothing;
 * when the title came with the route, it says it. This region watches the title itself and
 * speaks a moment after it changes, unless Next's announcer already holds that title, so the
 * title is said once either way. It never speaks on the first load (screen readers read a
 * loaded page's title on their own). It is rendered with the page, empty, so its later text is
 * an announcement (see components/live-region.tsx).
 */
const nextAnnouncerGraceMs = 200;

/** What Next's route announcer (a custom element with its region in a shadow root) says now. */
function nextRouteAnnouncement(): string {
  const host = document.querySelector("next-route-announcer");
  return host?.shadowRoot?.getElementById("__next-route-announcer__")?.textContent ?? "";
}

export function TitleAnnouncer(): React.JSX.Element {
  const [announcement, setAnnouncement] = React.useState("");
  // The last title this region has dealt with, said by it or left to Next's announcer: the
  // browser tests wait for it instead of for a fixed time.
  const [handled, setHandled] = React.useState("");
  React.useEffect(() => {
    let last = document.title;
    let pending: number | undefined;
    const observer = new MutationObserver(() => {
      const current = document.title;
      if (!current || current === last) return;
      last = current;
      window.clearTimeout(pending);
      // Next's announcer updates in an effect after the route's commit: give it that moment.
      pending = window.setTimeout(() => {
        if (nextRouteAnnouncement() !== current) setAnnouncement(current);
        setHandled(current);
      }, nextAnnouncerGraceMs);
    });
    // React puts every <title> into <head>, also the one that streams in later.
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(pending);
    };
  }, []);
  return (
    <p role="status" className="sr-only" data-handled-title={handled}>
      {announcement}
    </p>
  );
}

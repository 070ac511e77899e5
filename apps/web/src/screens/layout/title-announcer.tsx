"use client";

import * as React from "react";

/**
 * Says the new page title when the client router brings another screen (a form's answer, a
 * server action's redirect): no page load happens, so a screen reader would otherwise stay
 * silent. Next's own route announcer reads `document.title` when the route changes, which is
 * before the new page's streamed metadata arrives, so it hears the old title and says nothing.
 * This region watches the title itself and speaks when it changes, never on the first load
 * (screen readers read a loaded page's title on their own). It is rendered with the page,
 * empty, so its later text is an announcement (see components/live-region.tsx).
 */
export function TitleAnnouncer(): React.JSX.Element {
  const [announcement, setAnnouncement] = React.useState("");
  React.useEffect(() => {
    let last = document.title;
    const observer = new MutationObserver(() => {
      const current = document.title;
      if (!current || current === last) return;
      last = current;
      setAnnouncement(current);
    });
    // React puts every <title> into <head>, also the one that streams in later.
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}

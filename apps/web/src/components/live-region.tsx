"use client";

import * as React from "react";

const subscribeToNothing = (): (() => void) => () => {};

/**
 * A live region (role=status or role=alert) that is in the DOM before its text. Many screen
 * readers announce only changes to a region that already exists: a region inserted together
 * with its text (a screen replaced by client-side navigation, a message that appears) is often
 * read by nobody. Rendered on the server or hydrated, the text is there at once (the page is
 * read as a whole); mounted later in the browser, the region comes empty and its text follows
 * one commit later.
 */
export function LiveRegion({
  as: Element = "div",
  role,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "role"> & {
  as?: "div" | "p";
  role: "status" | "alert";
}): React.JSX.Element {
  // false while hydrating (getServerSnapshot), true for a component mounted after it.
  const isLateMount = React.useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [isRevealed, setIsRevealed] = React.useState(!isLateMount);
  React.useEffect(() => {
    if (isRevealed) return;
    const frame = requestAnimationFrame(() => setIsRevealed(true));
    return () => cancelAnimationFrame(frame);
  }, [isRevealed]);
  return (
    <Element role={role} {...props}>
      {isRevealed ? children : null}
    </Element>
  );
}

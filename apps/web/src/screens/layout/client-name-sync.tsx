"use client";

import * as React from "react";
import { persistClientName } from "../../lib/client-name";

/**
 * Runs on every page in the browser: keeps the client name (`?client=`) in localStorage under
 * "moos" and in its cookie (the proxy sets the cookie too, for browsers without JavaScript).
 * `secure` comes from the server's configuration (PUBLIC_BASE_URL is https), as the proxy's
 * does, so both write and read the cookie under the same name.
 *
 * It waits until the browser is idle: the first use of localStorage on a page opens the
 * origin's storage and can block the main thread for milliseconds, which must not lengthen
 * the page's start (hydration). Nothing on the page reads the name; only later requests do.
 */
export function ClientNameSync({ secure }: { secure: boolean }): null {
  React.useEffect(() => {
    const persist = (): void => {
      persistClientName({
        search: window.location.search,
        storage: window.localStorage,
        cookies: document.cookie,
        setCookie: (cookie) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the client name cookie (client-name.ts).
          document.cookie = cookie;
        },
        secure,
      });
    };
    // Safari has no requestIdleCallback: the next task then, still after hydration.
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(persist, 0);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(persist, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, [secure]);
  return null;
}

"use client";

import * as React from "react";
import { persistClientName } from "../../lib/client-name";

/**
 * Runs on every page in the browser: keeps the client name (`?client=`) in localStorage under
 * "moos" and in its cookie (the proxy sets the cookie too, for browsers without JavaScript).
 * `secure` comes from the server's configuration (PUBLIC_BASE_URL is https), as the proxy's
 * does, so both write and read the cookie under the same name.
 */
export function ClientNameSync({ secure }: { secure: boolean }): null {
  React.useEffect(() => {
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
  }, [secure]);
  return null;
}

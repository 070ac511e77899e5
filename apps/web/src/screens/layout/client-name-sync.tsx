"use client";

import * as React from "react";
import { persistClientName } from "../../lib/client-name";

/**
 * Runs on every page in the browser: keeps the client name (`?client=`) in localStorage under
 * "moos" and in its cookie (the proxy sets the cookie too, for browsers without JavaScript).
 */
export function ClientNameSync(): null {
  React.useEffect(() => {
    const secure = window.location.protocol === "https:";
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
  }, []);
  return null;
}

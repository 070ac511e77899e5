"use client";

import * as React from "react";
import { persistClientName } from "../../lib/client-name";
import { SCRIPT_COOKIE } from "../../lib/script-cookie";

/**
 * Runs on every page in the browser: marks the browser as running JavaScript, and keeps the
 * client name (`?client=`) in localStorage under "moos" and in its cookie.
 */
export function BrowserState(): null {
  React.useEffect(() => {
    const secure = window.location.protocol === "https:";
    if (!document.cookie.split(/;\s*/).includes(`${SCRIPT_COOKIE}=1`)) {
      // biome-ignore lint/suspicious/noDocumentCookie: a plain flag cookie, read by the server.
      document.cookie = `${SCRIPT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
    }
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

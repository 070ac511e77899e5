// Server-only glue between Next's request APIs and the identity client: one client per
// incoming request with that browser's cookies, the client address and request id the proxy
// decided (request-context.ts), and the relay of the identity service's Set-Cookie headers back
// to the browser (see cookie-header.ts for why and how).

import { cookies, headers } from "next/headers";
import { config } from "./config";
import { parseSetCookie } from "./cookie-header";
import { IdentityClient } from "./identity-client";
import { requestContextOf } from "./request-context";

export async function createIdentityClient(): Promise<IdentityClient> {
  const incoming = await headers();
  const context = requestContextOf(incoming);
  return new IdentityClient({
    baseUrl: config.orySdkUrl,
    requestId: context.requestId,
    browser: {
      cookie: incoming.get("cookie"),
      userAgent: incoming.get("user-agent"),
      clientAddress: context.clientAddress,
      acceptLanguage: incoming.get("accept-language"),
    },
  });
}

/** Relays Set-Cookie headers to the browser. Only possible in server actions and route handlers. */
export async function relayCookies(setCookies: readonly string[]): Promise<void> {
  if (setCookies.length === 0) return;
  const jar = await cookies();
  for (const header of setCookies) {
    const cookie = parseSetCookie(header);
    if (!cookie) continue;
    const { name, value, ...options } = cookie;
    jar.set(name, value, options);
  }
}

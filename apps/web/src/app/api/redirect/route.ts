// /api/redirect: where a user with a session is sent (identity service's default return URL,
// `session_already_available`). It forwards to the validated return_to or to the home of the
// client that started the sign-in (cookie from `?client=`, default `self`). Without a session
// it sends the user to log in first, keeping return_to.

import { type NextRequest, NextResponse } from "next/server";
import { CLIENT_COOKIE, CLIENT_PARAM, parseClientName } from "../../../lib/client-name";
import { config, DEFAULT_CLIENT } from "../../../lib/config";
import { IdentityClient } from "../../../lib/identity-client";
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localizedHref } from "../../../lib/locale";
import { redirectTarget } from "../../../lib/return-to";

export const dynamic = "force-dynamic";

async function hasSession(request: NextRequest): Promise<boolean> {
  const client = new IdentityClient({
    baseUrl: config.orySdkUrl,
    browser: { cookie: request.headers.get("cookie") },
  });
  try {
    await client.call((api) => api.toSession());
    return true;
  } catch {
    return false;
  }
}

export async function GET(request: NextRequest): Promise<NextResponse> {
  const returnTo = request.nextUrl.searchParams.get("return_to");
  if (!(await hasSession(request))) {
    const remembered = request.cookies.get(LOCALE_COOKIE)?.value;
    const locale = isLocale(remembered) ? remembered : DEFAULT_LOCALE;
    const login = localizedHref(locale, "/login", { return_to: returnTo ?? undefined });
    return NextResponse.redirect(new URL(login, config.publicBaseUrl), 303);
  }
  const name =
    parseClientName(request.nextUrl.searchParams.get(CLIENT_PARAM)) ??
    parseClientName(request.cookies.get(CLIENT_COOKIE)?.value) ??
    DEFAULT_CLIENT;
  const self = config.clients[DEFAULT_CLIENT];
  const client = config.clients[name] ?? self;
  if (!self || !client) throw new Error("config.clients has no `self`");
  const target = redirectTarget({ returnTo, client, self, publicBaseUrl: config.publicBaseUrl });
  return NextResponse.redirect(target, 303);
}

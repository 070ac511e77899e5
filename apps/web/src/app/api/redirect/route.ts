// /api/redirect: where a user with a session is sent (identity service's default return URL,
// `session_already_available`). It forwards to the validated return_to or to the home of the
// client that started the sign-in (cookie from `?client=`, default `self`). Without a session
// it sends the user to log in first, keeping return_to (and while the identity service is
// briefly unavailable, the login screen says so and tries again). A customer who has not
// answered the newsletter question sees it first (consent-gate.server.ts); one who just signed
// in with a password on a device that can make a passkey may be offered one
// (offer-gate.server.ts).

import type { Session } from "@ory/client-fetch";
import { type NextRequest, NextResponse } from "next/server";
import { readSession } from "../../../flow-engine/session.server";
import { CLIENT_PARAM, clientCookieName, parseClientName } from "../../../lib/client-name";
import { config, DEFAULT_CLIENT } from "../../../lib/config";
import { createIdentityClient } from "../../../lib/identity.server";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeCookieName,
  localizedHref,
} from "../../../lib/locale";
import { redirectTarget } from "../../../lib/return-to";
import { consentGate } from "../../../screens/newsletter/consent-gate.server";
import {
  offerCookieOptions,
  passkeyOfferedCookieName,
} from "../../../screens/passkey/offer-cookies";
import { passkeyOfferGate } from "../../../screens/passkey/offer-gate.server";

export const dynamic = "force-dynamic";

/** The session, or where to go instead: the second factor, or (undefined) the login. */
async function sessionOf(locale: Locale): Promise<Session | { secondFactor: string } | undefined> {
  const client = await createIdentityClient();
  const read = await readSession(client, locale).catch(() => undefined);
  if (read?.state === "second-factor") return { secondFactor: read.url };
  return read?.state === "active" ? read.session : undefined;
}

export async function GET(request: NextRequest): Promise<NextResponse> {
  const returnTo = request.nextUrl.searchParams.get("return_to");
  const remembered = request.cookies.get(localeCookieName(config.https))?.value;
  const locale = isLocale(remembered) ? remembered : DEFAULT_LOCALE;
  const session = await sessionOf(locale);
  // Signed in with the first factor only: the second step before anything else.
  if (session && "secondFactor" in session) {
    return NextResponse.redirect(new URL(session.secondFactor, config.publicBaseUrl), 303);
  }
  if (!session) {
    const login = localizedHref(locale, "/login", { return_to: returnTo ?? undefined });
    return NextResponse.redirect(new URL(login, config.publicBaseUrl), 303);
  }
  const name =
    parseClientName(request.nextUrl.searchParams.get(CLIENT_PARAM)) ??
    parseClientName(request.cookies.get(clientCookieName(config.https))?.value) ??
    DEFAULT_CLIENT;
  const self = config.clients[DEFAULT_CLIENT];
  const client = config.clients[name] ?? self;
  if (!self || !client) throw new Error("config.clients has no `self`");
  const target = redirectTarget({ returnTo, client, self, publicBaseUrl: config.publicBaseUrl });
  const question = await consentGate(session, target, locale);
  if (question) return NextResponse.redirect(new URL(question, config.publicBaseUrl), 303);
  const offer = await passkeyOfferGate({ request, session, target, locale });
  if (!offer) return NextResponse.redirect(target, 303);
  const response = NextResponse.redirect(new URL(offer.url, config.publicBaseUrl), 303);
  // Once a browser session; the identity service's cookies last and unchanged (proxy.ts says why).
  response.cookies.set(
    passkeyOfferedCookieName(config.https),
    "1",
    offerCookieOptions(config.https),
  );
  for (const cookie of offer.setCookies) response.headers.append("set-cookie", cookie);
  return response;
}

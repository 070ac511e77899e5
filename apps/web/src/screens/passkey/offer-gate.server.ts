// The passkey offer after a sign-in (docs/web-app.md#passkey-offer), decided where every
// finished sign-in passes: /api/redirect (consent-gate.server.ts explains why there). It is
// shown when all of these hold, else the customer goes on unasked:
// - this browser ran the login form's script and it found a platform authenticator (the
//   device cookie: never without JavaScript, never on a device that cannot make a passkey);
// - "Später" was not chosen here in the last 30 days, and the offer was not shown in this
//   browser session yet;
// - the session's first factor was a password, completed in the last 5 minutes (a sign-in
//   just now, not a visit with an older session);
// - the account has no passkey and the identity service offers passkeys: a settings flow for
//   the session lists none to remove and has the creation options (the automatic upgrade, when
//   it happened, made one already).
// The settings flow made here is the one the offer screen uses; its CSRF cookie goes along.

import type { Session } from "@ory/client-fetch";
import type { NextRequest } from "next/server";
import { findInput } from "../../flow-engine/nodes";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref } from "../../lib/locale";
import {
  PASSKEY_DEVICE_CAN,
  passkeyDeviceCookieName,
  passkeyLaterCookieName,
  passkeyOfferedCookieName,
} from "./offer-cookies";

/** How soon after the password sign-in the offer may come. */
const OFFER_WINDOW_MS = 5 * 60_000;

export interface PasskeyOffer {
  /** The offer screen, with the settings flow and where to go on. */
  readonly url: string;
  /** The identity service's Set-Cookie headers from making the flow. */
  readonly setCookies: readonly string[];
}

function signedInWithPasswordJustNow(session: Session, now: Date): boolean {
  const firstFactor = (session.authentication_methods ?? [])
    .filter((method) => method.aal === "aal1")
    .at(-1);
  if (firstFactor?.method !== "password" || !firstFactor.completed_at) return false;
  const age = now.getTime() - new Date(firstFactor.completed_at).getTime();
  return age >= 0 && age <= OFFER_WINDOW_MS;
}

/** Whether this browser may see the offer at all (the cookies alone, no call made). */
export function offerAllowedHere(request: Pick<NextRequest, "cookies">): boolean {
  const { cookies } = request;
  return (
    cookies.get(passkeyDeviceCookieName(config.https))?.value === PASSKEY_DEVICE_CAN &&
    !cookies.has(passkeyLaterCookieName(config.https)) &&
    !cookies.has(passkeyOfferedCookieName(config.https))
  );
}

/** The offer to show before `target`, or undefined to go on. */
export async function passkeyOfferGate(input: {
  readonly request: Pick<NextRequest, "cookies">;
  readonly session: Session;
  readonly target: string;
  readonly locale: Locale;
}): Promise<PasskeyOffer | undefined> {
  if (!offerAllowedHere(input.request)) return undefined;
  if (!signedInWithPasswordJustNow(input.session, new Date())) return undefined;
  const client = await createIdentityClient();
  try {
    const flow = await client.call((api) => api.createBrowserSettingsFlow());
    const nodes = flow.ui.nodes;
    if (findInput(nodes, "passkey_remove") || !findInput(nodes, "passkey_create_data")) {
      return undefined;
    }
    return {
      url: localizedHref(input.locale, "/passkey", { flow: flow.id, return_to: input.target }),
      setCookies: [...client.setCookies],
    };
  } catch {
    // No settings flow for this session (a second factor still due, the service away): the
    // customer goes on; the offer must never stand in the way.
    return undefined;
  }
}

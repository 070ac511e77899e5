// The passkey offer's cookies (docs/web-app.md#passkey-offer), HttpOnly, set by the server:
// - the device hint: the login form's script found a platform authenticator here (set with
//   the password sign-in; a page without JavaScript never sets it, so it never sees the offer);
// - "Später": no offer in this browser for 30 days;
// - offered: at most once a browser session.

import { hostCookieName } from "../../lib/host-cookie";

export const PASSKEY_DEVICE_FIELD = "passkey_device";
export const PASSKEY_DEVICE_CAN = "platform";
export const PASSKEY_LATER_MAX_AGE = 30 * 24 * 60 * 60;

export function passkeyDeviceCookieName(secure: boolean): string {
  return hostCookieName("moos_passkey_device", secure);
}

export function passkeyLaterCookieName(secure: boolean): string {
  return hostCookieName("moos_passkey_later", secure);
}

export function passkeyOfferedCookieName(secure: boolean): string {
  return hostCookieName("moos_passkey_offered", secure);
}

/** The attributes all three share; without maxAge a cookie ends with the browser session. */
export function offerCookieOptions(
  secure: boolean,
  maxAge?: number,
): { path: "/"; httpOnly: true; sameSite: "lax"; secure: boolean; maxAge?: number } {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

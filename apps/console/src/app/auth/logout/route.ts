// POST /auth/logout (the header's "Abmelden" form, with the session's CSRF token): ends the
// console session and sends the browser to the provider's logout, which ends the staff
// member's Moos session too and comes back to /auth/signed-out. A post without a valid token
// changes nothing.

import { log } from "@moos/telemetry/log";
import { type NextRequest, NextResponse } from "next/server";
import { localizedHref, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";
import { CSRF_FIELD, isCsrfTokenValid } from "../../../lib/csrf";
import { logoutUrl } from "../../../lib/oidc";
import { requestContextOf } from "../../../lib/request-context";
import { clearCookie, readSession, sessionCookieName } from "../../../lib/staff-session";

export async function POST(request: NextRequest): Promise<Response> {
  const { https, sessionSecrets, publicBaseUrl } = config();
  // Only the console's own form: a post from another origin changes nothing.
  if (request.headers.get("origin") !== new URL(publicBaseUrl).origin) {
    return new NextResponse("Forbidden", { status: 403, headers: { "cache-control": "no-store" } });
  }
  const form = await request.formData().catch(() => new FormData());
  const locale = toLocale(form.get("lang"));
  const verdict = await readSession(
    request.cookies.get(sessionCookieName(https))?.value,
    sessionSecrets,
    Math.floor(Date.now() / 1000),
  );
  const signIn = new URL(
    localizedHref(locale, "/sign-in", { reason: "signed_out" }),
    publicBaseUrl,
  );
  if (verdict.kind !== "active") {
    const response = NextResponse.redirect(signIn, 303);
    clearCookie(response, sessionCookieName(https), https);
    return response;
  }
  if (!isCsrfTokenValid(verdict.session.sid, form.get(CSRF_FIELD), sessionSecrets)) {
    return new NextResponse("Forbidden", { status: 403, headers: { "cache-control": "no-store" } });
  }
  let target = signIn;
  try {
    target = await logoutUrl(verdict.session.idToken, locale);
  } catch (error) {
    // The provider is unreachable: the console session ends all the same.
    log("error", "provider logout unavailable", {
      request_id: requestContextOf(request.headers).requestId,
      error,
    });
  }
  const response = NextResponse.redirect(target, 303);
  clearCookie(response, sessionCookieName(https), https);
  response.headers.set("cache-control", "no-store");
  return response;
}

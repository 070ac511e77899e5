// GET /auth/callback: the provider's answer to a staff sign-in. The console takes it only when
// the sign-in it started comes back (state, nonce, PKCE), the ID token is valid, the sign-in
// was strong enough (aal2 or a passkey) and the identity service knows the person as staff.
// Then the staff session begins (lib/staff-session.ts) and the browser goes where it wanted to.

import { randomBytes } from "node:crypto";
import { log } from "@moos/telemetry/log";
import { type NextRequest, NextResponse } from "next/server";
import { localizedHref, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";
import { ConsoleApiError, consoleApi } from "../../../lib/console-api";
import { loginCookieName, unsealPending } from "../../../lib/login-cookie";
import { finishSignIn, isStrongEnough, type SignedIn } from "../../../lib/oidc";
import { requestContextOf } from "../../../lib/request-context";
import {
  clearCookie,
  cookieOptions,
  type StaffSession,
  sealSession,
  sessionCookieName,
  sessionEndsAt,
} from "../../../lib/staff-session";

type Refusal = "failed" | "second_factor" | "not_staff";

function redirect(path: string, https: boolean): NextResponse {
  const response = NextResponse.redirect(new URL(path, `${config().publicBaseUrl}/`), 303);
  clearCookie(response, loginCookieName(https), https);
  response.headers.set("cache-control", "no-store");
  return response;
}

export async function GET(request: NextRequest): Promise<Response> {
  const { https, sessionSecrets, publicBaseUrl } = config();
  const context = requestContextOf(request.headers);
  const loginCookie = request.cookies.get(loginCookieName(https))?.value;
  const pending = await unsealPending(loginCookie, sessionSecrets);
  const refuse = (reason: Refusal, locale: string): NextResponse =>
    redirect(localizedHref(toLocale(locale), "/sign-in", { reason }), https);
  if (!pending) return refuse("failed", "de");

  // The URL as the provider redirected to it: on the public origin, whatever Host came in.
  const incoming = new URL(request.url);
  const callback = new URL(`${publicBaseUrl}/auth/callback${incoming.search}`);
  let signedIn: SignedIn;
  try {
    signedIn = await finishSignIn(callback, pending);
  } catch (error) {
    log("warn", "staff sign-in refused", { request_id: context.requestId, error });
    return refuse("failed", pending.locale);
  }
  if (!isStrongEnough(signedIn)) return refuse("second_factor", pending.locale);
  try {
    await consoleApi.me({
      staffId: signedIn.subject,
      ip: context.clientAddress,
      authTime: signedIn.authTime,
      requestId: context.requestId,
    });
  } catch (error) {
    if (error instanceof ConsoleApiError && error.id === "console_unauthorized") {
      return refuse("not_staff", pending.locale);
    }
    throw error;
  }
  const now = Math.floor(Date.now() / 1000);
  const session: StaffSession = {
    sid: randomBytes(16).toString("base64url"),
    sub: signedIn.subject,
    authTime: signedIn.authTime,
    amr: signedIn.amr,
    acr: signedIn.acr,
    createdAt: now,
    seenAt: now,
    idToken: signedIn.idToken,
  };
  const response = redirect(pending.returnTo, https);
  response.cookies.set(
    sessionCookieName(https),
    await sealSession(session, sessionSecrets),
    cookieOptions(https, sessionEndsAt(session) - now),
  );
  log("info", "staff signed in", { request_id: context.requestId, staff_id: signedIn.subject });
  return response;
}

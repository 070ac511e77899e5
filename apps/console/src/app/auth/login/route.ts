// GET /auth/login?return_to=&lang=&reauth=1: starts a staff sign-in at Moos's provider
// (lib/oidc.ts). `reauth` asks to sign in again now, for the actions that need a recent
// sign-in (export, deletion, role changes).

import { log } from "@moos/telemetry/log";
import { NextResponse } from "next/server";
import { safeReturnPath, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";
import { LOGIN_COOKIE_MAX_AGE, loginCookieName, sealPending } from "../../../lib/login-cookie";
import { startSignIn } from "../../../lib/oidc";
import { requestContextOf } from "../../../lib/request-context";
import { cookieOptions } from "../../../lib/staff-session";

export async function GET(request: Request): Promise<Response> {
  const { https, sessionSecrets, publicBaseUrl } = config();
  const query = new URL(request.url).searchParams;
  const locale = toLocale(query.get("lang"));
  try {
    const { url, pending } = await startSignIn({
      returnTo: safeReturnPath(query.get("return_to")),
      locale,
      reauth: query.get("reauth") === "1",
    });
    const response = NextResponse.redirect(url, 303);
    response.cookies.set(
      loginCookieName(https),
      await sealPending(pending, sessionSecrets),
      cookieOptions(https, LOGIN_COOKIE_MAX_AGE),
    );
    response.headers.set("cache-control", "no-store");
    return response;
  } catch (error) {
    // The provider is unreachable (discovery failed): the sign-in screen says so.
    log("error", "sign-in could not start", {
      request_id: requestContextOf(request.headers).requestId,
      error,
    });
    const target = new URL(locale === "en" ? "/en/sign-in" : "/sign-in", publicBaseUrl);
    target.searchParams.set("reason", "unavailable");
    return NextResponse.redirect(target, 303);
  }
}

// GET /auth/end?reason=&lang=: ends the console session without a trip to the provider, when
// the identity service no longer knows the person as staff (lib/staff.server.ts): pages cannot
// clear cookies themselves, route handlers can.

import { NextResponse } from "next/server";
import { localizedHref, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";
import { clearCookie, sessionCookieName } from "../../../lib/staff-session";

const REASONS = new Set(["not_staff"]);

export function GET(request: Request): Response {
  const { https, publicBaseUrl } = config();
  const query = new URL(request.url).searchParams;
  const reason = query.get("reason") ?? "";
  const target = localizedHref(toLocale(query.get("lang")), "/sign-in", {
    reason: REASONS.has(reason) ? reason : undefined,
  });
  const response = NextResponse.redirect(new URL(target, `${publicBaseUrl}/`), 303);
  clearCookie(response, sessionCookieName(https), https);
  response.headers.set("cache-control", "no-store");
  return response;
}

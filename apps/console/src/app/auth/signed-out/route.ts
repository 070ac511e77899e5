// GET /auth/signed-out?state=<locale>: where the provider's logout sends the browser back (the
// console's registered post_logout_redirect_uri); shows the sign-in screen in the language the
// staff member logged out in.

import { NextResponse } from "next/server";
import { localizedHref, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";

export function GET(request: Request): Response {
  const locale = toLocale(new URL(request.url).searchParams.get("state"));
  const target = localizedHref(locale, "/sign-in", { reason: "signed_out" });
  return NextResponse.redirect(new URL(target, `${config().publicBaseUrl}/`), 303);
}

// POST /api/export (the customer page's export form, admin only): the customer's own data file
// (packages/contract's AccountExport), as the download the customer gets in the account app.
// A route handler, not a server action, because the answer is a file. It checks what a server
// action checks (the session, the CSRF token, the form's origin) and asks the identity service,
// which checks the role, the recent sign-in and the account's version, and audits the export.
// Refused: back to the customer page with the message, as every other change.

import { type NextRequest, NextResponse } from "next/server";
import { localizedHref, toLocale } from "../../../i18n/locales";
import { config } from "../../../lib/config";
import { ConsoleApiError, consoleApi } from "../../../lib/console-api";
import { CSRF_FIELD, isCsrfTokenValid } from "../../../lib/csrf";
import { requestContextOf } from "../../../lib/request-context";
import { readSession, sessionCookieName } from "../../../lib/staff-session";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redirect(path: string): NextResponse {
  return NextResponse.redirect(new URL(path, `${config().publicBaseUrl}/`), 303);
}

export async function POST(request: NextRequest): Promise<Response> {
  const { https, sessionSecrets, publicBaseUrl } = config();
  // Only forms of this console: a post from another origin is refused before anything else.
  if (request.headers.get("origin") !== new URL(publicBaseUrl).origin) {
    return new NextResponse("Forbidden", { status: 403 });
  }
  const form = await request.formData().catch(() => new FormData());
  const locale = toLocale(form.get("lang"));
  const customerId = String(form.get("customer_id") ?? "");
  if (!UUID.test(customerId)) return redirect(localizedHref(locale, "/"));
  const page = `/customers/${customerId}`;
  const verdict = await readSession(
    request.cookies.get(sessionCookieName(https))?.value,
    sessionSecrets,
    Math.floor(Date.now() / 1000),
  );
  if (verdict.kind !== "active") {
    return redirect(localizedHref(locale, "/sign-in", { return_to: localizedHref(locale, page) }));
  }
  const { session } = verdict;
  if (!isCsrfTokenValid(session.sid, form.get(CSRF_FIELD), sessionSecrets)) {
    return redirect(`${localizedHref(locale, page, { error: "csrf" })}#notice`);
  }
  const context = requestContextOf(request.headers);
  try {
    const answer = await consoleApi.exportData(
      {
        staffId: session.sub,
        ip: context.clientAddress,
        authTime: session.authTime,
        requestId: context.requestId,
      },
      customerId,
      {
        reason: String(form.get("reason") ?? "").trim(),
        expected_version: String(form.get("expected_version") ?? ""),
      },
    );
    return new NextResponse(JSON.stringify(answer.export, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="moos-account-${customerId}.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof ConsoleApiError)) throw error;
    return redirect(
      `${localizedHref(locale, page, { error: error.id, for: "data.export" })}#notice`,
    );
  }
}

// /api/account/export: the signed-in customer's data as a JSON download (GDPR Art. 20), from
// the delete screen. Needs the same recent sign-in as deleting; otherwise the customer signs in
// again and lands on the delete screen.

import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { adminApi } from "../../../../lib/admin.server";
import { config } from "../../../../lib/config";
import { createIdentityClient } from "../../../../lib/identity.server";
import { toLocale } from "../../../../lib/locale";
import { buildAccountExport } from "../../../../screens/account-delete/data-export";
import { signInFirst } from "../../../../screens/account-delete/recent-session.server";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<NextResponse> {
  const locale = toLocale(request.nextUrl.searchParams.get("locale"));
  const client = await createIdentityClient();
  const session = await client.call((api) => api.toSession()).catch(() => undefined);
  const first = signInFirst(session, locale);
  const identityId = session?.identity?.id;
  if (first || !identityId) {
    return NextResponse.redirect(new URL(first ?? "/login", config.publicBaseUrl), 303);
  }
  const admin = adminApi();
  const [identity, sessions] = await Promise.all([
    admin.getIdentity({ id: identityId, includeCredential: ["oidc"] }),
    admin.listIdentitySessions({ id: identityId, active: true }),
  ]);
  const body = JSON.stringify(buildAccountExport(identity, sessions, new Date()), null, 2);
  return new NextResponse(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="moos-account-data.json"',
      "cache-control": "no-store",
    },
  });
}

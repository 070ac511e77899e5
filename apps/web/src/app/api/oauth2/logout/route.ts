// /api/oauth2/logout?logout_challenge=: the logout screen's answer without a question, for
// Moos's own clients logging out their own customer (logout.server.ts, logsOutAtOnce): the Moos
// session ends, the request is accepted and the browser goes back to the provider. A route
// handler, because ending the session sets cookies, which a page cannot. Anything else goes
// to the screen, which asks.

import { type NextRequest, NextResponse } from "next/server";
import { config } from "../../../../lib/config";
import { createIdentityClient, relayCookies } from "../../../../lib/identity.server";
import { DEFAULT_LOCALE, isLocale, localeCookieName, localizedHref } from "../../../../lib/locale";
import {
  acceptLogout,
  endMoosSession,
  loadLogoutRequest,
  logsOutAtOnce,
} from "../../../../screens/oauth2-logout/logout.server";

export const dynamic = "force-dynamic";

export async function GET(request: NextRequest): Promise<NextResponse> {
  const challenge = request.nextUrl.searchParams.get("logout_challenge") ?? "";
  const remembered = request.cookies.get(localeCookieName(config.https))?.value;
  const locale = isLocale(remembered) ? remembered : DEFAULT_LOCALE;
  const screen = new URL(
    localizedHref(locale, "/logout", { logout_challenge: challenge }),
    config.publicBaseUrl,
  );
  const logout = await loadLogoutRequest(challenge);
  if (!logout) return NextResponse.redirect(screen, 303);
  const client = await createIdentityClient();
  const session = await client.call((api) => api.toSession()).catch(() => undefined);
  if (!logsOutAtOnce(logout, session)) return NextResponse.redirect(screen, 303);
  await endMoosSession(client);
  await relayCookies(client.setCookies);
  return NextResponse.redirect(await acceptLogout(challenge), 303);
}

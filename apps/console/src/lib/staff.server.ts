// Who is signed in, for pages and server actions: the session the proxy checked
// (session-header.ts), the staff member behind it as the identity service knows them now
// (`GET /admin/console/me`, once per request), and the Actor every console API request names.
// A session whose staff member is no longer staff (role taken, account locked or deleted) is
// ended: the identity service is the judge, on every request.

import type { StaffMember } from "@moos/contract";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { type Locale, localizedHref } from "../i18n/locales";
import { config } from "./config";
import { type Actor, ConsoleApiError, consoleApi } from "./console-api";
import { csrfToken } from "./csrf";
import { PAGE_URL_HEADER, requestContextOf } from "./request-context";
import { fromSessionHeader, SESSION_HEADER, type SessionFacts } from "./session-header";

export interface SignedInStaff {
  readonly session: SessionFacts;
  readonly actor: Actor;
  readonly staff: StaffMember;
  /** The token every form of this session carries (csrf.ts). */
  readonly csrf: string;
}

/** Ends the session and shows the sign-in screen with `reason` (app/auth/end/route.ts). */
export function endSession(locale: Locale, reason: string): never {
  redirect(`/auth/end?${new URLSearchParams({ reason, lang: locale })}`);
}

const loadStaff = cache(async (locale: Locale): Promise<SignedInStaff> => {
  const incoming = await headers();
  const session = fromSessionHeader(incoming.get(SESSION_HEADER));
  if (!session) {
    // The proxy lets no page through without a session but the sign-in screen.
    redirect(
      localizedHref(locale, "/sign-in", { return_to: incoming.get(PAGE_URL_HEADER) ?? undefined }),
    );
  }
  const context = requestContextOf(incoming);
  const actor: Actor = {
    staffId: session.sub,
    ip: context.clientAddress,
    authTime: session.authTime,
    requestId: context.requestId,
  };
  let staff: StaffMember;
  try {
    staff = await consoleApi.me(actor);
  } catch (error) {
    if (error instanceof ConsoleApiError && error.id === "console_unauthorized") {
      endSession(locale, "not_staff");
    }
    throw error;
  }
  return { session, actor, staff, csrf: csrfToken(session.sid, config().sessionSecrets) };
});

/** The signed-in staff member; sends the browser to sign in when there is none. */
export function signedInStaff(locale: Locale): Promise<SignedInStaff> {
  return loadStaff(locale);
}

/** The signed-in staff member, if any, without sending anyone anywhere (the sign-in screen). */
export async function sessionIfAny(): Promise<SessionFacts | undefined> {
  return fromSessionHeader((await headers()).get(SESSION_HEADER));
}

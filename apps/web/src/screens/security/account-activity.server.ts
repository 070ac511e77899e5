// The account activity and the notice links of our identity service (docs/account-safety.md). These are our
// extensions of Kratos's API (docs/account-safety.md): against Ory Kratos or Ory Network they
// answer 404, and the screens say they are not available.

import type { ActivityEventType } from "@moos/contract";
import { createIdentityClient } from "../../lib/identity.server";
import { IdentityError } from "../../lib/identity-client";
import { reportError } from "../../lib/report-error";

export interface ActivityEntry {
  readonly id: string;
  readonly type: ActivityEventType;
  readonly occurred_at: string;
  readonly ip_address: string;
  readonly browser?: string;
  readonly os?: string;
  readonly count?: number;
  readonly day?: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export interface SessionActivity {
  readonly id: string;
  readonly current: boolean;
  readonly browser?: string;
  readonly os?: string;
  readonly ip_address: string;
  readonly authenticated_at: string;
  readonly last_active_at: string;
}

export interface AccountActivity {
  readonly events: readonly ActivityEntry[];
  readonly sessions: readonly SessionActivity[];
}

export type ActivityResult =
  | { readonly kind: "ok"; readonly activity: AccountActivity }
  | { readonly kind: "signed-out" }
  | { readonly kind: "unavailable" };

/** The signed-in customer's activity (GET /self-service/security/activity). */
export async function loadAccountActivity(): Promise<ActivityResult> {
  const client = await createIdentityClient();
  try {
    const activity = await client.get<AccountActivity>("/self-service/security/activity");
    if (!Array.isArray(activity?.events) || !Array.isArray(activity.sessions))
      return { kind: "unavailable" };
    return { kind: "ok", activity };
  } catch (error) {
    if (error instanceof IdentityError && error.status === 401) return { kind: "signed-out" };
    if (!(error instanceof IdentityError && error.status === 404))
      await reportError(error, { flow: "settings", part: "activity" });
    return { kind: "unavailable" };
  }
}

export interface SecurityLinkInfo {
  readonly kind: "not_me" | "undo_email_change";
  readonly expires_at: string;
  readonly event?: ActivityEntry;
}

/** What a notice's link is about (GET, changes nothing); undefined for a link that no longer works. */
export async function describeSecurityLink(token: string): Promise<SecurityLinkInfo | undefined> {
  if (!/^[A-Za-z0-9]{43}$/.test(token)) return undefined;
  const client = await createIdentityClient();
  try {
    return await client.get<SecurityLinkInfo>("/self-service/security/links", {
      query: { token },
    });
  } catch (error) {
    if (!(error instanceof IdentityError && error.status === 404))
      await reportError(error, { flow: "security-link" });
    return undefined;
  }
}

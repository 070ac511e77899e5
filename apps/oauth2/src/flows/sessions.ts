import type { Consent } from "../persistence/consent-store.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { flowErrors } from "./flow-error.ts";

// Hydra's session administration: list and revoke a subject's consents, end its login
// sessions. The identity service and the web app call these when an account is deleted or a
// customer signs out everywhere.

function consentSession(consent: Consent): Record<string, unknown> {
  const rememberFor = consent.rememberUntil
    ? Math.round((consent.rememberUntil.getTime() - consent.handledAt.getTime()) / 1000)
    : 0;
  return {
    consent_request: consent.consentRequest,
    context: consent.context,
    grant_scope: consent.grantScope,
    grant_access_token_audience: consent.grantAccessTokenAudience,
    handled_at: consent.handledAt.toISOString(),
    remember: consent.remember,
    remember_for: rememberFor,
    session: { id_token: consent.sessionIdToken, access_token: consent.sessionAccessToken },
    expires_at: { access_token: consent.expiresAt.toISOString() },
  };
}

export async function listConsentSessions(
  deps: FlowDeps,
  query: { subject?: string; login_session_id?: string },
): Promise<Record<string, unknown>[]> {
  if (!query.subject)
    throw flowErrors.invalid("Query parameter 'subject' is not defined but should have been.");
  const consents = await deps.consents.listBySubject(query.subject, query.login_session_id);
  return consents.map(consentSession);
}

/** Revokes consents (and with them every token issued under them). */
export async function revokeConsentSessions(
  deps: FlowDeps,
  query: { subject?: string; client?: string; all?: boolean },
): Promise<void> {
  if (!query.subject)
    throw flowErrors.invalid("Query parameter 'subject' is not defined but should have been.");
  if (!query.client && !query.all) {
    throw flowErrors.invalid("Query parameter 'client' or 'all=true' must be set.");
  }
  const consents = await deps.consents.listBySubject(query.subject);
  for (const consent of consents) {
    if (query.all || consent.clientId === query.client) await deps.revokeGrant(consent.grantId);
  }
}

/**
 * Ends login sessions by `sid` or all of a subject's. Unlike Hydra, which sends back-channel
 * logouts only for `sid`, every ended session tells its clients: a customer who signs out of
 * Moos everywhere is signed out of the shop too.
 */
export async function revokeLoginSessions(
  deps: FlowDeps,
  query: { subject?: string; sid?: string },
): Promise<void> {
  if (query.sid) {
    const uid = await deps.sessionUidBySid(query.sid);
    if (uid) await deps.endSession(uid);
    return;
  }
  if (!query.subject) throw flowErrors.invalid("Query parameter 'subject' or 'sid' must be set.");
  for (const uid of await deps.sessionUidsOf(query.subject)) await deps.endSession(uid);
}

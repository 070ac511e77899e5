import type { Kysely, Selectable } from "kysely";
import type { Database } from "./database.ts";

// `oauth2_consents`: what the consent app granted, per oidc-provider grant. The claims of the
// accept's `session.id_token` become the ID token's and userinfo's claims (as with Hydra, the
// provider never reads the identity database); a remembered consent lets a later request for
// the same client and scopes skip the consent screen.

export interface Consent {
  grantId: string;
  subject: string;
  clientId: string;
  grantScope: string[];
  grantAccessTokenAudience: string[];
  sessionIdToken: Record<string, unknown>;
  sessionAccessToken: Record<string, unknown>;
  context: Record<string, unknown>;
  consentRequest: Record<string, unknown>;
  loginSessionId: string | null;
  remember: boolean;
  rememberUntil: Date | null;
  handledAt: Date;
  expiresAt: Date;
}

export interface ConsentStore {
  save(consent: Consent): Promise<void>;
  get(grantId: string): Promise<Consent | undefined>;
  /** Live remembered consents of a subject for a client, newest first. */
  remembered(subject: string, clientId: string, now: Date): Promise<Consent[]>;
  /** Live consents of a subject (optionally of one login session), newest first. */
  listBySubject(subject: string, loginSessionId?: string): Promise<Consent[]>;
}

type Row = Database["oauth2_consents"];

export function consentStore(db: Kysely<Database>): ConsentStore {
  const fromRow = (row: Selectable<Row>): Consent => ({
    grantId: row.grant_id,
    subject: row.subject,
    clientId: row.client_id,
    grantScope: row.grant_scope,
    grantAccessTokenAudience: row.grant_access_token_audience,
    sessionIdToken: row.session_id_token,
    sessionAccessToken: row.session_access_token,
    context: row.context,
    consentRequest: row.consent_request,
    loginSessionId: row.login_session_id,
    remember: row.remember,
    rememberUntil: row.remember_until,
    handledAt: row.handled_at,
    expiresAt: row.expires_at,
  });
  const live = () =>
    db.selectFrom("oauth2_consents").selectAll().where("expires_at", ">", new Date());
  return {
    async save(c) {
      const values = {
        grant_id: c.grantId,
        subject: c.subject,
        client_id: c.clientId,
        grant_scope: JSON.stringify(c.grantScope),
        grant_access_token_audience: JSON.stringify(c.grantAccessTokenAudience),
        session_id_token: JSON.stringify(c.sessionIdToken),
        session_access_token: JSON.stringify(c.sessionAccessToken),
        context: JSON.stringify(c.context),
        consent_request: JSON.stringify(c.consentRequest),
        login_session_id: c.loginSessionId,
        remember: c.remember,
        remember_until: c.rememberUntil,
        handled_at: c.handledAt,
        expires_at: c.expiresAt,
      };
      const { grant_id: _id, ...changes } = values;
      await db
        .insertInto("oauth2_consents")
        .values(values)
        .onConflict((oc) => oc.column("grant_id").doUpdateSet(changes))
        .execute();
    },
    async get(grantId) {
      const row = await live().where("grant_id", "=", grantId).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
    async remembered(subject, clientId, now) {
      const rows = await live()
        .where("subject", "=", subject)
        .where("client_id", "=", clientId)
        .where("remember", "=", true)
        .where((eb) => eb.or([eb("remember_until", "is", null), eb("remember_until", ">", now)]))
        .orderBy("handled_at", "desc")
        .execute();
      return rows.map(fromRow);
    },
    async listBySubject(subject, loginSessionId) {
      let query = live().where("subject", "=", subject);
      if (loginSessionId !== undefined)
        query = query.where("login_session_id", "=", loginSessionId);
      const rows = await query.orderBy("handled_at", "desc").execute();
      return rows.map(fromRow);
    },
  };
}

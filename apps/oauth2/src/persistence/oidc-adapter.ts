import { type Kysely, sql } from "kysely";
import { type Adapter, type AdapterPayload, errors } from "oidc-provider";
import type { Database } from "./database.ts";

// oidc-provider's storage port (https://github.com/panva/node-oidc-provider/blob/main/example/
// my_adapter.js) on Kysely: one row per model instance in `oidc_models`, so every instance of
// the provider on one database sees the same sessions, interactions, codes and tokens.
// Clients come from `oauth2_clients` instead (see client-store.ts): they are managed through
// Hydra's admin API, not through oidc-provider.

export type ClientLookup = (id: string) => Promise<AdapterPayload | undefined>;
export type AdapterConstructor = new (name: string) => Adapter;

/**
 * The grant a row dies with. An Interaction names the grant it may extend, but must outlive
 * that grant's revocation (a different person signing in on the browser revokes it mid-flow).
 */
function grantIdOf(model: string, id: string, payload: AdapterPayload): string | null {
  if (model === "Grant") return id;
  if (model === "Interaction") return null;
  return payload.grantId ?? null;
}

/** Models whose second use means theft (RFC 9700 §4.14, §2.1.1): the whole grant is revoked. */
const singleUse = new Set(["AuthorizationCode", "RefreshToken"]);

export function kyselyAdapter(db: Kysely<Database>, clients: ClientLookup): AdapterConstructor {
  return class KyselyAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grant_id: grantIdOf(this.model, id, payload),
        uid: payload.uid ?? null,
        account_id: typeof payload.accountId === "string" ? payload.accountId : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto("oidc_models")
        .values({ model: this.model, id, consumed_at: null, ...row })
        .onConflict((oc) => oc.columns(["model", "id"]).doUpdateSet(row))
        .execute();
      if (this.model === "RefreshToken" && payload.grantId && row.expires_at) {
        await extendGrant(db, payload.grantId, row.expires_at);
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === "Client") return clients(id);
      const row = await db
        .selectFrom("oidc_models")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? live(row) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom("oidc_models")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where("uid", "=", uid)
        .executeTakeFirst();
      return row ? live(row) : undefined;
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // the device flow is not enabled
    }

    /**
     * Marks a code or refresh token used. The update only succeeds once, so two instances
     * redeeming the same value at the same moment cannot both win: the loser revokes the grant.
     */
    async consume(id: string): Promise<void> {
      const updated = await db
        .updateTable("oidc_models")
        .set({ consumed_at: new Date() })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .where("consumed_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (updated || !singleUse.has(this.model)) return;
      const row = await db
        .selectFrom("oidc_models")
        .select("grant_id")
        .where("model", "=", this.model)
        .where("id", "=", id)
        .executeTakeFirst();
      if (row?.grant_id) await revokeGrant(db, row.grant_id);
      throw new errors.InvalidGrant("grant already used");
    }

    async destroy(id: string): Promise<void> {
      if (this.model === "Grant") return revokeGrant(db, id);
      await db
        .deleteFrom("oidc_models")
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .deleteFrom("oidc_models")
        .where("model", "=", this.model)
        .where("grant_id", "=", grantId)
        .execute();
    }
  };
}

/**
 * A rotated refresh token lives `ttl.refresh_token` from its rotation (as with Hydra), so an
 * app that keeps refreshing stays signed in. oidc-provider fixes a grant's expiry when the
 * grant is made; without this the grant, and every token of it, would end regardless.
 */
async function extendGrant(db: Kysely<Database>, grantId: string, until: Date): Promise<void> {
  const exp = Math.floor(until.getTime() / 1000);
  await db
    .updateTable("oidc_models")
    .set({
      expires_at: until,
      payload: sql`jsonb_set(payload, '{exp}', to_jsonb(${exp}::bigint))`,
    })
    .where("model", "=", "Grant")
    .where("id", "=", grantId)
    .where("expires_at", "<", until)
    .execute();
  await db
    .updateTable("oauth2_consents")
    .set({ expires_at: until })
    .where("grant_id", "=", grantId)
    .where("expires_at", "<", until)
    .execute();
}

/** Removes a grant with every code and token issued under it, and the consent behind it. */
export async function revokeGrant(db: Kysely<Database>, grantId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("oidc_models").where("grant_id", "=", grantId).execute();
    await trx.deleteFrom("oauth2_consents").where("grant_id", "=", grantId).execute();
  });
}

function live(row: {
  payload: Record<string, unknown>;
  expires_at: Date | null;
  consumed_at: Date | null;
}): AdapterPayload | undefined {
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  if (!row.consumed_at) return payload;
  return { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) };
}

/** Deletes expired rows; run now and then (expired rows are already invisible to `find`). */
export async function deleteExpired(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.deleteFrom("oidc_models").where("expires_at", "<=", now).execute();
  await db.deleteFrom("oauth2_consents").where("expires_at", "<=", now).execute();
  await db.deleteFrom("oauth2_logout_requests").where("expires_at", "<=", now).execute();
}

/**
 * The uid of the live session a `sid` names: the login session id the admin API reports, or
 * the per-client `sid` claim oidc-provider put in a client's ID tokens.
 */
export async function sessionUidBySid(
  db: Kysely<Database>,
  sid: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("oidc_models")
    .select("uid")
    .where("model", "=", "Session")
    .where((eb) =>
      eb.or([
        eb("uid", "=", sid),
        sql<boolean>`exists (select 1 from jsonb_each(coalesce(payload->'authorizations', '{}'::jsonb)) a where a.value->>'sid' = ${sid})`,
      ]),
    )
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", new Date())]))
    .executeTakeFirst();
  return row?.uid ?? undefined;
}

/** The uids of a subject's live provider sessions. */
export async function sessionUidsOf(db: Kysely<Database>, subject: string): Promise<string[]> {
  const rows = await db
    .selectFrom("oidc_models")
    .select("uid")
    .where("model", "=", "Session")
    .where("account_id", "=", subject)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", new Date())]))
    .execute();
  return rows.map((r) => r.uid).filter((uid): uid is string => uid !== null);
}

import { type Kysely, type Selectable, sql } from "kysely";
import type { Identity } from "../../identity/identity.ts";
import type { IdentityPersister } from "../persistence.ts";
import type { Database, IdentitiesTable } from "./database.ts";

const json = (value: unknown): string => JSON.stringify(value);

export class SqlIdentityPersister implements IdentityPersister {
  constructor(private readonly db: Kysely<Database>) {}

  async createIdentity(identity: Identity): Promise<void> {
    await this.createIdentities([identity]);
  }

  async createIdentities(identities: Identity[]): Promise<void> {
    if (identities.length === 0) return;
    await this.db
      .insertInto("identities")
      .values(
        identities.map((identity) => ({
          id: identity.id,
          schema_id: identity.schema_id,
          state: identity.state,
          state_changed_at: identity.state_changed_at ?? null,
          traits: json(identity.traits),
          metadata_public:
            identity.metadata_public === null ? null : json(identity.metadata_public),
          metadata_admin: identity.metadata_admin === null ? null : json(identity.metadata_admin),
          external_id: identity.external_id ?? null,
          created_at: identity.created_at,
          updated_at: identity.updated_at,
        })),
      )
      .execute();
    await this.writeChildren(identities);
  }

  async findTakenIdentifiers(values: string[], credentialTypes: string[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    // Type and via lead the unique indexes, so every lookup is an index probe: the cost of a
    // batch does not grow with the number of identities already stored.
    const { rows } = await sql<{ value: string }>`
      select identifier as value from identity_credential_identifiers
        where type = any(${credentialTypes}::text[]) and identifier = any(${values}::text[])
      union select value from identity_verifiable_addresses where via = 'email' and value = any(${values}::text[])
      union select value from identity_recovery_addresses where via = 'email' and value = any(${values}::text[])
    `.execute(this.db);
    return new Set(rows.map((r) => r.value));
  }

  async updateIdentity(identity: Identity): Promise<void> {
    await this.db
      .updateTable("identities")
      .set({
        state: identity.state,
        state_changed_at: identity.state_changed_at ?? null,
        traits: json(identity.traits),
        metadata_public: identity.metadata_public === null ? null : json(identity.metadata_public),
        metadata_admin: identity.metadata_admin === null ? null : json(identity.metadata_admin),
        external_id: identity.external_id ?? null,
        updated_at: identity.updated_at,
      })
      .where("id", "=", identity.id)
      .execute();
    for (const table of [
      "identity_credentials",
      "identity_verifiable_addresses",
      "identity_recovery_addresses",
    ] as const) {
      await this.db.deleteFrom(table).where("identity_id", "=", identity.id).execute();
    }
    await this.writeChildren([identity]);
  }

  /** One multi-row insert per child table, however many identities. */
  private async writeChildren(identities: Identity[]): Promise<void> {
    const credentials = identities.flatMap((identity) =>
      identity.credentials.map((credential) => ({ identity, credential })),
    );
    if (credentials.length > 0) {
      await this.db
        .insertInto("identity_credentials")
        .values(
          credentials.map(({ identity, credential }) => ({
            id: credential.id,
            identity_id: identity.id,
            type: credential.type,
            config: json(credential.config),
            version: credential.version,
            created_at: credential.created_at,
            updated_at: credential.updated_at,
          })),
        )
        .execute();
    }
    const identifiers = credentials.flatMap(({ identity, credential }) =>
      credential.identifiers.map((identifier) => ({
        id: crypto.randomUUID(),
        credential_id: credential.id,
        identity_id: identity.id,
        type: credential.type,
        identifier,
      })),
    );
    if (identifiers.length > 0) {
      await this.db.insertInto("identity_credential_identifiers").values(identifiers).execute();
    }
    const verifiable = identities.flatMap((identity) =>
      identity.verifiable_addresses.map((a) => ({
        ...a,
        identity_id: identity.id,
        verified_at: a.verified_at ?? null,
      })),
    );
    if (verifiable.length > 0) {
      await this.db.insertInto("identity_verifiable_addresses").values(verifiable).execute();
    }
    const recovery = identities.flatMap((identity) =>
      identity.recovery_addresses.map((a) => ({ ...a, identity_id: identity.id })),
    );
    if (recovery.length > 0) {
      await this.db.insertInto("identity_recovery_addresses").values(recovery).execute();
    }
  }

  async getIdentity(id: string): Promise<Identity | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom("identities")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? (await this.hydrate([row]))[0] : undefined;
  }

  async findIdentityByIdentifier(type: string, identifier: string): Promise<Identity | undefined> {
    const row = await this.db
      .selectFrom("identity_credential_identifiers")
      .select("identity_id")
      .where("type", "=", type)
      .where("identifier", "=", identifier)
      .executeTakeFirst();
    return row ? this.getIdentity(row.identity_id) : undefined;
  }

  async findIdentityByRecoveryAddress(value: string): Promise<Identity | undefined> {
    const row = await this.db
      .selectFrom("identity_recovery_addresses")
      .select("identity_id")
      .where("via", "=", "email")
      .where("value", "=", value)
      .executeTakeFirst();
    return row ? this.getIdentity(row.identity_id) : undefined;
  }

  async findIdentityByVerifiableAddress(value: string): Promise<Identity | undefined> {
    const row = await this.db
      .selectFrom("identity_verifiable_addresses")
      .select("identity_id")
      .where("via", "=", "email")
      .where("value", "=", value)
      .executeTakeFirst();
    return row ? this.getIdentity(row.identity_id) : undefined;
  }

  async listIdentities(query: {
    pageSize: number;
    pageToken?: string;
    identifier?: string;
  }): Promise<{
    identities: Identity[];
    nextPageToken?: string;
  }> {
    let select = this.db.selectFrom("identities").selectAll("identities");
    if (query.identifier !== undefined) {
      select = select
        .innerJoin("identity_credential_identifiers as i", "i.identity_id", "identities.id")
        .where("i.identifier", "=", query.identifier);
    }
    if (query.pageToken && isUuid(query.pageToken))
      select = select.where("identities.id", ">", query.pageToken);
    const rows = await select
      .orderBy("identities.id")
      .limit(query.pageSize + 1)
      .execute();
    const page = rows.slice(0, query.pageSize);
    const identities = await this.hydrate(page);
    return rows.length > query.pageSize
      ? { identities, nextPageToken: page.at(-1)!.id }
      : { identities };
  }

  async deleteIdentity(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.db.deleteFrom("identities").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Loads every child row of the identities in one round trip (whoami runs this per request). */
  private async hydrate(rows: Selectable<IdentitiesTable>[]): Promise<Identity[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const { rows: children } = await sql<{
      kind: "c" | "i" | "v" | "r";
      row: Record<string, unknown>;
    }>`
      select 'c' as kind, to_jsonb(t) as row from identity_credentials t where t.identity_id = any(${ids}::uuid[])
      union all select 'i', to_jsonb(t) from identity_credential_identifiers t where t.identity_id = any(${ids}::uuid[])
      union all select 'v', to_jsonb(t) from identity_verifiable_addresses t where t.identity_id = any(${ids}::uuid[])
      union all select 'r', to_jsonb(t) from identity_recovery_addresses t where t.identity_id = any(${ids}::uuid[])
    `.execute(this.db);
    const of = (kind: string, identityId: string): Record<string, unknown>[] =>
      children
        .filter((c) => c.kind === kind && c.row.identity_id === identityId)
        .map((c) => c.row)
        .sort((a, b) => String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")));
    const date = (value: unknown): Date => new Date(String(value));
    const identifiers = children.filter((c) => c.kind === "i").map((c) => c.row);
    return rows.map((row) => ({
      id: row.id,
      schema_id: row.schema_id,
      state: row.state,
      state_changed_at: row.state_changed_at ?? undefined,
      traits: row.traits,
      metadata_public: row.metadata_public,
      metadata_admin: row.metadata_admin,
      external_id: row.external_id ?? undefined,
      credentials: of("c", row.id).map((c) => ({
        id: String(c.id),
        type: String(c.type),
        identifiers: identifiers
          .filter((i) => i.credential_id === c.id)
          .map((i) => String(i.identifier)),
        config: c.config as Record<string, unknown>,
        version: Number(c.version),
        created_at: date(c.created_at),
        updated_at: date(c.updated_at),
      })),
      verifiable_addresses: of("v", row.id).map((a) => ({
        id: String(a.id),
        value: String(a.value),
        verified: a.verified === true,
        via: "email" as const,
        status: a.status as Identity["verifiable_addresses"][number]["status"],
        verified_at: a.verified_at ? date(a.verified_at) : undefined,
        created_at: date(a.created_at),
        updated_at: date(a.updated_at),
      })),
      recovery_addresses: of("r", row.id).map((a) => ({
        id: String(a.id),
        value: String(a.value),
        via: "email" as const,
        created_at: date(a.created_at),
        updated_at: date(a.updated_at),
      })),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  }
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

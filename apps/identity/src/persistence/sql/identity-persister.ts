import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Identity } from "../../identity/identity.ts";
import type { IdentityPersister } from "../persistence.ts";
import type { Database } from "./database.ts";
import { type IdentityJson, identityFromJson, identityJson } from "./identity-json.ts";

const json = (value: unknown): string => JSON.stringify(value);

/** The child rows of these identities, per table. */
function childRows(identities: Identity[]): [string, Record<string, unknown>[]][] {
  const credentials = identities.flatMap((identity) =>
    identity.credentials.map((credential) => ({ identity, credential })),
  );
  return [
    [
      "identity_credentials",
      credentials.map(({ identity, credential }) => ({
        id: credential.id,
        identity_id: identity.id,
        type: credential.type,
        config: credential.config,
        version: credential.version,
        created_at: credential.created_at,
        updated_at: credential.updated_at,
      })),
    ],
    [
      "identity_credential_identifiers",
      credentials.flatMap(({ identity, credential }) =>
        credential.identifiers.map((identifier) => ({
          id: crypto.randomUUID(),
          credential_id: credential.id,
          identity_id: identity.id,
          type: credential.type,
          identifier,
        })),
      ),
    ],
    [
      "identity_verifiable_addresses",
      identities.flatMap((identity) =>
        identity.verifiable_addresses.map((a) => ({
          ...a,
          identity_id: identity.id,
          verified_at: a.verified_at ?? null,
        })),
      ),
    ],
    [
      "identity_recovery_addresses",
      identities.flatMap((identity) =>
        identity.recovery_addresses.map((a) => ({ ...a, identity_id: identity.id })),
      ),
    ],
  ];
}

export class SqlIdentityPersister implements IdentityPersister {
  /** `written`: these identities changed (the session cache forgets them; see session-cache.ts). */
  private readonly db: Kysely<Database>;
  private readonly written: (identityIds: string[]) => void;

  constructor(db: Kysely<Database>, written: (identityIds: string[]) => void = () => {}) {
    this.db = db;
    this.written = written;
  }

  async createIdentity(identity: Identity): Promise<void> {
    await this.createIdentities([identity]);
  }

  async createIdentities(identities: Identity[]): Promise<void> {
    if (identities.length === 0) return;
    const rows = identities.map((identity) => ({
      id: identity.id,
      schema_id: identity.schema_id,
      state: identity.state,
      state_changed_at: identity.state_changed_at ?? null,
      traits: identity.traits,
      metadata_public: identity.metadata_public,
      metadata_admin: identity.metadata_admin,
      external_id: identity.external_id ?? null,
      created_at: identity.created_at,
      updated_at: identity.updated_at,
    }));
    await this.insertRows([["identities", rows], ...childRows(identities)]);
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
    await this.insertRows(childRows([identity]));
    this.written([identity.id]);
  }

  /**
   * Inserts the rows of every table in one statement, however many identities: each table's
   * rows travel as one JSON array (jsonb_populate_recordset), each insert is a data-modifying
   * CTE. PostgreSQL checks the foreign keys at the end of the statement, when parents and
   * children are all in. One round trip instead of five per registration or import batch.
   */
  private async insertRows(tables: [table: string, rows: Record<string, unknown>[]][]) {
    const inserts = tables
      .filter(([, rows]) => rows.length > 0)
      .map(([table, rows]) => {
        const columns = sql.join([...new Set(rows.flatMap(Object.keys))].map((c) => sql.ref(c)));
        return sql`insert into ${sql.table(table)} (${columns})
          select ${columns} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`;
      });
    const [main, ...rest] = inserts;
    if (!main) return;
    const ctes = rest.map((insert, i) => sql`${sql.raw(`insert_${i}`)} as (${insert})`);
    await (ctes.length > 0 ? sql`with ${sql.join(ctes)} ${main}` : main).execute(this.db);
  }

  async getIdentity(id: string): Promise<Identity | undefined> {
    if (!isUuid(id)) return undefined;
    return this.loadOne(sql`i.id = ${id}::uuid`);
  }

  async findIdentityByIdentifier(type: string, identifier: string): Promise<Identity | undefined> {
    return this.loadOne(
      sql`i.id = (select identity_id from identity_credential_identifiers where type = ${type} and identifier = ${identifier})`,
    );
  }

  async findIdentityByRecoveryAddress(value: string): Promise<Identity | undefined> {
    return this.loadOne(
      sql`i.id = (select identity_id from identity_recovery_addresses where via = 'email' and value = ${value})`,
    );
  }

  async findIdentityByVerifiableAddress(value: string): Promise<Identity | undefined> {
    return this.loadOne(
      sql`i.id = (select identity_id from identity_verifiable_addresses where via = 'email' and value = ${value})`,
    );
  }

  /** The identity matching `where` (on `identities i`), with its child rows, in one query. */
  private async loadOne(where: RawBuilder<unknown>): Promise<Identity | undefined> {
    const { rows } = await sql<{
      identity: IdentityJson;
    }>`select ${identityJson} as identity from identities i where ${where}`.execute(this.db);
    return rows[0] && identityFromJson(rows[0].identity);
  }

  async listIdentities(query: {
    pageSize: number;
    pageToken?: string;
    identifier?: string;
  }): Promise<{
    identities: Identity[];
    nextPageToken?: string;
  }> {
    const conditions = [sql`true`];
    if (query.identifier !== undefined) {
      conditions.push(
        sql`i.id in (select identity_id from identity_credential_identifiers where identifier = ${query.identifier})`,
      );
    }
    if (query.pageToken && isUuid(query.pageToken))
      conditions.push(sql`i.id > ${query.pageToken}::uuid`);
    const { rows } = await sql<{ identity: IdentityJson }>`
      select ${identityJson} as identity from identities i
      where ${sql.join(conditions, sql` and `)}
      order by i.id limit ${query.pageSize + 1}
    `.execute(this.db);
    const identities = rows.slice(0, query.pageSize).map((r) => identityFromJson(r.identity));
    return rows.length > query.pageSize
      ? { identities, nextPageToken: identities.at(-1)!.id }
      : { identities };
  }

  async deleteIdentity(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.db.deleteFrom("identities").where("id", "=", id).executeTakeFirst();
    this.written([id]);
    return Number(result.numDeletedRows) > 0;
  }
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

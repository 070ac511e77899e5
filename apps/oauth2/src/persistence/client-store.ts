import { type Kysely, sql } from "kysely";
import type { ClientDocument } from "../clients/hydra-client.ts";
import type { Database } from "./database.ts";

// `oauth2_clients`: Hydra-shaped client documents with the secret's hash beside them.

export type ClientSource = "config" | "admin";

export interface StoredClient {
  client: ClientDocument;
  secretHash: string | null;
  source: ClientSource;
}

export interface ClientStore {
  get(id: string): Promise<StoredClient | undefined>;
  list(options: {
    limit: number;
    offset: number;
    clientName?: string;
    owner?: string;
  }): Promise<ClientDocument[]>;
  /** False when the id is taken. */
  insert(entry: StoredClient): Promise<boolean>;
  /** Replaces document and hash; false when the client is gone. */
  replace(entry: StoredClient): Promise<boolean>;
  /** Writes a client from the config file, whatever was stored under its id before. */
  upsert(entry: StoredClient): Promise<void>;
  /** Deletes the client with its grants, codes, tokens and consents; false when unknown. */
  delete(id: string): Promise<boolean>;
  /** Ids of clients written from the config file. */
  configIds(): Promise<string[]>;
}

export function clientStore(db: Kysely<Database>): ClientStore {
  const row = (entry: StoredClient) => ({
    id: entry.client.client_id,
    client: JSON.stringify(entry.client),
    secret_hash: entry.secretHash,
    source: entry.source,
    created_at: new Date(entry.client.created_at),
    updated_at: new Date(entry.client.updated_at),
  });
  return {
    async get(id) {
      const found = await db
        .selectFrom("oauth2_clients")
        .select(["client", "secret_hash", "source"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!found) return undefined;
      return {
        client: found.client as ClientDocument,
        secretHash: found.secret_hash,
        source: found.source as ClientSource,
      };
    },
    async list({ limit, offset, clientName, owner }) {
      let query = db.selectFrom("oauth2_clients").select("client");
      if (clientName !== undefined) {
        query = query.where(sql<string>`client->>'client_name'`, "=", clientName);
      }
      if (owner !== undefined) query = query.where(sql<string>`client->>'owner'`, "=", owner);
      const rows = await query
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.client as ClientDocument);
    },
    async insert(entry) {
      const inserted = await db
        .insertInto("oauth2_clients")
        .values(row(entry))
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async replace(entry) {
      const { id: _id, created_at: _created, ...changes } = row(entry);
      const updated = await db
        .updateTable("oauth2_clients")
        .set(changes)
        .where("id", "=", entry.client.client_id)
        .returning("id")
        .executeTakeFirst();
      return updated !== undefined;
    },
    async upsert(entry) {
      const values = row(entry);
      const { id: _id, created_at: _created, ...changes } = values;
      await db
        .insertInto("oauth2_clients")
        .values(values)
        .onConflict((oc) => oc.column("id").doUpdateSet(changes))
        .execute();
    },
    async delete(id) {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom("oauth2_clients")
          .where("id", "=", id)
          .returning("id")
          .executeTakeFirst();
        if (!deleted) return false;
        await trx
          .deleteFrom("oidc_models")
          .where(sql<string>`payload->>'clientId'`, "=", id)
          .execute();
        await trx.deleteFrom("oauth2_consents").where("client_id", "=", id).execute();
        return true;
      });
    },
    async configIds() {
      const rows = await db
        .selectFrom("oauth2_clients")
        .select("id")
        .where("source", "=", "config")
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

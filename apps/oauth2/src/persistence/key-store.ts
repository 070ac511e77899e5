import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "./database.ts";

// `oauth2_signing_keys`: the rows only; keys/key-ring.ts decides when keys are made, start
// signing and go.

export interface KeyRow {
  kid: string;
  setName: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  /** The private JWK, encrypted (keys/key-crypto.ts). */
  sealedPrivateJwk: string;
  signsFrom: Date;
}

export interface KeyStore {
  list(setName: string): Promise<KeyRow[]>;
  /**
   * Runs `change` in a transaction that holds a database-wide lock, so two instances deciding
   * at the same moment that a key is due make one key, not two.
   */
  locked<T>(change: (keys: KeyStoreTransaction) => Promise<T>): Promise<T>;
}

export interface KeyStoreTransaction {
  list(setName: string): Promise<KeyRow[]>;
  insert(row: KeyRow): Promise<void>;
  delete(setName: string, kid: string): Promise<boolean>;
}

// Any constant works; this one is "oauth2keys" read as hex-ish digits.
const lockId = 0x0a072e45;

export function keyStore(db: Kysely<Database>): KeyStore {
  const list = async (trx: Kysely<Database> | Transaction<Database>, setName: string) => {
    const rows = await trx
      .selectFrom("oauth2_signing_keys")
      .selectAll()
      .where("set_name", "=", setName)
      .orderBy("signs_from")
      .orderBy("kid")
      .execute();
    return rows.map(
      (r): KeyRow => ({
        kid: r.kid,
        setName: r.set_name,
        alg: r.alg,
        publicJwk: r.public_jwk,
        sealedPrivateJwk: r.private_jwk,
        signsFrom: r.signs_from,
      }),
    );
  };
  return {
    list: (setName) => list(db, setName),
    locked: (change) =>
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${lockId})`.execute(trx);
        return change({
          list: (setName) => list(trx, setName),
          async insert(row) {
            await trx
              .insertInto("oauth2_signing_keys")
              .values({
                kid: row.kid,
                set_name: row.setName,
                alg: row.alg,
                public_jwk: JSON.stringify(row.publicJwk),
                private_jwk: row.sealedPrivateJwk,
                signs_from: row.signsFrom,
              })
              .execute();
          },
          async delete(setName, kid) {
            const deleted = await trx
              .deleteFrom("oauth2_signing_keys")
              .where("set_name", "=", setName)
              .where("kid", "=", kid)
              .returning("kid")
              .executeTakeFirst();
            return deleted !== undefined;
          },
        });
      }),
  };
}

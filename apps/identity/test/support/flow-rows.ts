import type { Kysely } from "kysely";
import type { Database } from "../../src/persistence/sql/database.ts";

/**
 * A login flow written with the SQL, so that it may have expired long ago (the pruning tests);
 * its id.
 */
export async function insertFlowRow(
  db: Kysely<Database>,
  expiresAt: Date,
  id: string = crypto.randomUUID(),
): Promise<string> {
  const startedAt = new Date(expiresAt.getTime() - 3_600_000);
  await db
    .insertInto("selfservice_flows")
    .values({
      id,
      kind: "login",
      type: "browser",
      state: "choose_method",
      csrf_token: "csrf",
      identity_id: null,
      session_id: null,
      payload: JSON.stringify({}),
      internal: JSON.stringify({}),
      expires_at: expiresAt,
      created_at: startedAt,
      updated_at: startedAt,
    })
    .execute();
  return id;
}

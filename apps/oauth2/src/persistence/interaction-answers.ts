import { type Kysely, sql } from "kysely";
import type { Database } from "./database.ts";

// The login and consent apps' answers, written onto oidc-provider's Interaction row with one
// conditional update: only a live interaction without a result takes one, so a challenge is
// answered once even when two calls race on two instances.

export function interactionAnswers(db: Kysely<Database>) {
  return {
    async answer(
      uid: string,
      result: Record<string, unknown>,
      options: { dropSession?: boolean } = {},
    ): Promise<boolean> {
      const base = options.dropSession ? sql`(payload - 'session')` : sql`payload`;
      const updated = await db
        .updateTable("oidc_models")
        .set({
          payload: sql`${base} || jsonb_build_object('result', ${JSON.stringify(result)}::jsonb)`,
        })
        .where("model", "=", "Interaction")
        .where("id", "=", uid)
        .where(sql<boolean>`not (payload ? 'result')`)
        .where("expires_at", ">", new Date())
        .returning("id")
        .executeTakeFirst();
      return updated !== undefined;
    },
  };
}

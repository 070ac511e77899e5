import type { Kysely } from "kysely";
import type { AccountLock } from "../../console/records.ts";
import type { AccountLockPersister } from "../persistence.ts";
import type { Database } from "./database.ts";
import { isUuid } from "./identity-persister.ts";

// Account locks (migration 0006): one row per locked account. Every session that is issued asks
// for it (session/account-lock.ts): one primary-key lookup.

export class SqlAccountLockPersister implements AccountLockPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async activeLock(identityId: string, now: Date): Promise<AccountLock | undefined> {
    if (!isUuid(identityId)) return undefined;
    return this.db
      .selectFrom("account_locks")
      .selectAll()
      .where("identity_id", "=", identityId)
      .where((eb) => eb.or([eb("until", "is", null), eb("until", ">", now)]))
      .executeTakeFirst();
  }

  async putLock(lock: AccountLock): Promise<void> {
    await this.db
      .insertInto("account_locks")
      .values(lock)
      .onConflict((oc) =>
        oc.column("identity_id").doUpdateSet({
          locked_at: lock.locked_at,
          until: lock.until,
          reason: lock.reason,
          locked_by: lock.locked_by,
        }),
      )
      .execute();
  }

  async removeLock(identityId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("account_locks")
      .where("identity_id", "=", identityId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

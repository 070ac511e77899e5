import type { Kysely } from "kysely";
import type { Persistence } from "../persistence.ts";
import { SqlCleanupPersister } from "./cleanup-persister.ts";
import { SqlConsolePersister } from "./console-persister.ts";
import type { Database } from "./database.ts";
import { SqlFlowPersister } from "./flow-persister.ts";
import { SqlIdentityPersister } from "./identity-persister.ts";
import { SqlAccountLockPersister } from "./lock-persister.ts";
import { SqlOutboxPersister } from "./outbox-persister.ts";
import { SqlSecurityPersister } from "./security-persister.ts";
import type { SessionCache } from "./session-cache.ts";
import { SqlSessionPersister } from "./session-persister.ts";
import { SqlSignInLookups } from "./sign-in-lookups.ts";
import {
  SqlCodePersister,
  SqlErrorPersister,
  SqlExchangePersister,
  SqlRateLimitPersister,
  SqlWelcomeGiftPersister,
} from "./small-persisters.ts";

export interface SqlPersistenceOptions {
  /** The instance's session cache (app.ts); without it every lookup reads the database. */
  sessionCache?: SessionCache;
  /**
   * The database belongs to this process alone (PGlite): sweeps need no lock against other
   * instances (cleanup-persister.ts).
   */
  singleProcess?: boolean;
}

export function createSqlPersistence(
  db: Kysely<Database>,
  options: SqlPersistenceOptions = {},
): Persistence {
  const cache = options.sessionCache;
  const cleanup = new SqlCleanupPersister(db, { singleProcess: options.singleProcess ?? false });
  // A write outside a transaction has committed when it returns: the instance forgets the
  // identity's cached sessions at once (other instances hear of it through NOTIFY).
  return build(db, cache, cleanup, {
    inTransaction: false,
    written: (ids) => cache?.invalidate(ids),
  });
}

function build(
  db: Kysely<Database>,
  cache: SessionCache | undefined,
  cleanup: SqlCleanupPersister,
  scope: { inTransaction: boolean; written: (identityIds: string[]) => void },
): Persistence {
  return {
    identities: new SqlIdentityPersister(db, scope.written),
    sessions: new SqlSessionPersister(db, {
      cache: scope.inTransaction ? undefined : cache,
      written: scope.written,
    }),
    flows: new SqlFlowPersister(db),
    codes: new SqlCodePersister(db),
    errors: new SqlErrorPersister(db),
    limits: new SqlRateLimitPersister(db),
    exchanges: new SqlExchangePersister(db),
    outbox: new SqlOutboxPersister(db),
    security: new SqlSecurityPersister(db),
    signInLookups: new SqlSignInLookups(db),
    locks: new SqlAccountLockPersister(db),
    console: new SqlConsolePersister(db),
    welcomeGifts: new SqlWelcomeGiftPersister(db),
    // Always outside a transaction: each of its statements commits on its own.
    cleanup,
    transaction: async (fn) => {
      if (scope.inTransaction) return fn(build(db, cache, cleanup, scope));
      // Inside a transaction the writes count once it commits: a lookup racing with it until
      // then reads (and may keep) the old rows, so the cache forgets them after the commit.
      const changed = new Set<string>();
      const collect = (ids: string[]): void => {
        for (const id of ids) changed.add(id);
      };
      const result = await db
        .transaction()
        .execute((trx) =>
          fn(build(trx, cache, cleanup, { inTransaction: true, written: collect })),
        );
      if (changed.size > 0) scope.written([...changed]);
      return result;
    },
    close: () => db.destroy(),
  };
}

import type { Kysely } from "kysely";
import { enqueueEmail, getCourierMessage, listCourierMessages } from "../../courier/index.ts";
import { enqueueJob } from "../../jobs/outbox.ts";
import { enqueueWebhook } from "../../webhooks/outbox.ts";
import type { Persistence } from "../persistence.ts";
import type { Database } from "./database.ts";
import { SqlFlowPersister } from "./flow-persister.ts";
import { SqlIdentityPersister } from "./identity-persister.ts";
import { SqlSecurityPersister } from "./security-persister.ts";
import { SqlSessionPersister } from "./session-persister.ts";
import { SqlSignInLookups } from "./sign-in-lookups.ts";
import {
  SqlCodePersister,
  SqlErrorPersister,
  SqlExchangePersister,
  SqlRateLimitPersister,
} from "./small-persisters.ts";

export function createSqlPersistence(
  db: Kysely<Database>,
  options: { inTransaction?: boolean } = {},
): Persistence {
  return {
    identities: new SqlIdentityPersister(db),
    sessions: new SqlSessionPersister(db),
    flows: new SqlFlowPersister(db),
    codes: new SqlCodePersister(db),
    errors: new SqlErrorPersister(db),
    limits: new SqlRateLimitPersister(db),
    exchanges: new SqlExchangePersister(db),
    courier: {
      enqueueEmail: (email) => enqueueEmail(db, email),
      enqueueWebhook: (webhook) => enqueueWebhook(db, webhook),
      enqueueJob: (job) => enqueueJob(db, job),
      listMessages: (query) => listCourierMessages(db, query),
      getMessage: (id) => getCourierMessage(db, id),
    },
    security: new SqlSecurityPersister(db),
    signInLookups: new SqlSignInLookups(db),
    transaction: (fn) =>
      options.inTransaction
        ? fn(createSqlPersistence(db, options))
        : db.transaction().execute((trx) => fn(createSqlPersistence(trx, { inTransaction: true }))),
    close: () => db.destroy(),
  };
}

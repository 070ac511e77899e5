import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "../../test/support/postgres.ts";
import { type DatabaseHandle, openDatabase } from "../persistence/sql/connect.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";
import { enqueueEmail } from "./email/enqueue-email.ts";
import {
  emailDispatcher,
  recordingLogger,
  testCourierConfig,
} from "./email/test-support/courier-config.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./email/test-support/smtp-test-server.ts";

// docs/production.md#when-the-database-is-down: the SMTP server took an email and PostgreSQL
// crashed before the outbox recorded it. The dispatcher asks again while it holds the lease,
// so the email is recorded as sent once the database is back and never leaves twice.

let postgres: PostgresServer;
let database: DatabaseHandle;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [postgres, smtp] = await Promise.all([startPostgres(), startTestSmtpServer()]);
  database = await openDatabase(postgres.url, {
    migrations: "apply",
    timeouts: { connectMs: 1_000, queryMs: 1_000 },
  });
}, 60_000);
afterAll(async () => {
  await database?.db.destroy();
  await smtp?.close();
  await postgres?.stop();
});

describe("a database that crashes while an email is being sent", () => {
  it("records the email as sent once it is back, and sends it once", async () => {
    const { db } = database;
    const persistence = createSqlPersistence(db);
    const id = await enqueueEmail(persistence, {
      templateType: "verification_code_valid",
      to: "mia@example.com",
      locale: "de",
      model: { code: "271828", expiresInMinutes: 10 },
    });
    const dispatcher = emailDispatcher(
      persistence,
      testCourierConfig(smtp.url, { lease: 30_000 }),
      {
        logger: recordingLogger(),
      },
    );
    let crashed: Promise<void> | undefined;
    // The server takes the mail, and the database goes down before the outbox is told.
    smtp.respond = () => {
      crashed ??= postgres.crash();
      return "accept";
    };
    const round = dispatcher.dispatchOnce();
    await smtp.waitFor(() => smtp.mails.length === 1);
    await crashed;
    // Back once the dispatcher has found it away (the pool says so after a failed query).
    await expect.poll(() => database.isAvailable(), { timeout: 10_000 }).toBe(false);
    await postgres.restart();
    expect(await round).toBe(1);
    await dispatcher.stop();

    const row = await db
      .selectFrom("courier_messages")
      .select(["status", "send_count"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", send_count: 0 });
    expect(smtp.attempts()).toBe(1);
  });
});

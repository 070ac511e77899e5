import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../config/config.ts";
import type { ClaimedMessage, OutboxMessageType } from "../persistence/outbox.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { connectDatabase } from "../persistence/sql/connect.ts";
import type { Database } from "../persistence/sql/database.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";
import { createOutboxDispatcher, type OutboxDispatcher as Dispatcher } from "./dispatcher.ts";
import { enqueueEmail } from "./email/enqueue-email.ts";
import {
  emailDispatcher,
  recordingLogger,
  testCourierConfig,
} from "./email/test-support/courier-config.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./email/test-support/smtp-test-server.ts";
import { type OutboxKind, retryDelay } from "./kind.ts";

// The dispatcher with the email kind, against a real SMTP server: leases, retries, abandoning,
// polling, wake-ups and shutdown, as every kind gets them.

let db: Kysely<Database>;
let persistence: Persistence;
let smtp: TestSmtpServer;
const dispatchers: Dispatcher[] = [];
const fastRetry = { initialMs: 50, maxMs: 200 };

function dispatcher(config: Partial<Config["courier"]["dispatcher"]> = {}): Dispatcher {
  const created = emailDispatcher(persistence, testCourierConfig(smtp.url, config), {
    logger: recordingLogger(),
    retryBackoff: fastRetry,
  });
  dispatchers.push(created);
  return created;
}

async function row(id: string) {
  return db
    .selectFrom("courier_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

function enqueueCode(to: string, code = "123456"): Promise<string> {
  return enqueueEmail(persistence, {
    templateType: "verification_code_valid",
    to,
    locale: "en",
    model: { code, expiresInMinutes: 10 },
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  db = await connectDatabase("memory://");
  persistence = createSqlPersistence(db);
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await db.deleteFrom("courier_messages").execute();
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  await smtp.close();
});

describe("dispatcher", () => {
  it("delivers German and English emails over SMTP with the code and an escaped HTML body", async () => {
    const germanId = await enqueueEmail(persistence, {
      templateType: "verification_code_valid",
      to: "anna@example.com",
      locale: "de",
      model: { code: "314159", expiresInMinutes: 10 },
    });
    const englishId = await enqueueEmail(persistence, {
      templateType: "recovery_code_valid",
      to: "ben@example.com",
      locale: "en",
      model: { code: "<b>27</b>", expiresInMinutes: 15 },
    });

    expect(await dispatcher().dispatchOnce()).toBe(2);

    expect(smtp.mails).toHaveLength(2);
    const german = smtp.mails.find((mail) => mail.recipients.includes("anna@example.com"));
    const english = smtp.mails.find((mail) => mail.recipients.includes("ben@example.com"));
    expect(german?.parsed.subject).toBe("Dein Bestätigungscode für Moos: 314159");
    expect(german?.parsed.text).toContain("314159");
    expect(german?.parsed.text).toContain("Der Code ist 10 Minuten gültig.");
    expect(german?.parsed.html).toContain(">314159</p>");
    expect(german?.parsed.from?.text).toBe('"Moos" <no-reply@moos.test>');
    expect(german?.parsed.messageId).toBe(`<${germanId}@moos.test>`);
    expect(english?.parsed.subject).toBe("Your code to reset your Moos password: <b>27</b>");
    expect(english?.parsed.text).toContain("The code is valid for 15 minutes.");
    expect(english?.parsed.html).toContain("&lt;b&gt;27&lt;/b&gt;");
    expect(english?.parsed.html).not.toContain("<b>27");

    for (const id of [germanId, englishId]) {
      expect(await row(id)).toMatchObject({ status: "sent", send_count: 0, lease_until: null });
    }
  });

  it("retries a rejected message with backoff and records the failure", async () => {
    smtp.respond = (attempt) => (attempt === 0 ? "reject" : "accept");
    const id = await enqueueCode("retry@example.com", "271828");
    const courier = dispatcher();

    expect(await courier.dispatchOnce()).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "queued", send_count: 1, lease_until: null });
    expect(failed.last_error).toContain("451");
    expect(smtp.mails).toHaveLength(0);
    // Not due before the backoff has passed.
    expect(await courier.dispatchOnce()).toBe(0);

    await sleep(fastRetry.initialMs + 20);
    expect(await courier.dispatchOnce()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.parsed.text).toContain("271828");
    expect(smtp.attempts()).toBe(2);
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", send_count: 1 });
    expect(sent.last_error).toContain("451");
  });

  it("abandons a message after max_attempts failed attempts", async () => {
    smtp.respond = () => "reject";
    const id = await enqueueCode("abandon@example.com");
    const courier = dispatcher({ max_attempts: 3 });

    for (let round = 0; round < 3; round += 1) {
      await untilDue(id);
      expect(await courier.dispatchOnce()).toBe(1);
    }

    expect(await row(id)).toMatchObject({ status: "abandoned", send_count: 3 });
    expect(smtp.attempts()).toBe(3);
    await sleep(fastRetry.maxMs + 20);
    expect(await courier.dispatchOnce()).toBe(0);
  });

  it("doubles the retry delay up to the cap", () => {
    const backoff = { initialMs: 5_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, backoff))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });

  it("lets two dispatchers share one database without sending a message twice", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) => enqueueCode(`pair-${index}@example.com`)),
    );
    const first = dispatcher({ batch_size: 8 });
    const second = dispatcher({ batch_size: 8 });

    let claimed = 0;
    for (;;) {
      const [a, b] = await Promise.all([first.dispatchOnce(), second.dispatchOnce()]);
      if (a + b === 0) break;
      claimed += a + b;
    }

    expect(claimed).toBe(20);
    expect(smtp.mails).toHaveLength(20);
    const recipients = smtp.mails.flatMap((mail) => mail.recipients);
    expect(new Set(recipients).size).toBe(20);
    const statuses = await db
      .selectFrom("courier_messages")
      .select("status")
      .where("id", "in", ids)
      .execute();
    expect(statuses.every((r) => r.status === "sent")).toBe(true);
  });

  it("polls once started, and stop() waits for the batch in flight", async () => {
    const courier = dispatcher({ poll_interval: 20 });
    courier.start();

    const first = await enqueueCode("poll@example.com");
    await smtp.waitFor(() => smtp.mails.length === 1);
    await waitForStatus(first, "sent");

    // The next mail is held at DATA until released, while stop() is already waiting.
    smtp.respond = () => "stall";
    const second = await enqueueCode("poll-2@example.com");
    await smtp.waitFor(() => smtp.attempts() === 2);
    const stopping = courier.stop().then(() => "stopped");
    const early = await Promise.race([stopping, sleep(100).then(() => "waiting")]);
    expect(early).toBe("waiting");
    expect((await row(second)).status).toBe("processing");
    // Closing the server ends the stalled connection, so the send fails and stop() can finish.
    await smtp.close();
    await stopping;
    // The stalled send failed when the server went away and was recorded before stop() returned.
    expect(await row(second)).toMatchObject({ status: "queued", send_count: 1 });
  });

  it("claims at once when woken, though its next poll is an hour away", async () => {
    const courier = dispatcher({ poll_interval: 3_600_000 });
    const first = await enqueueCode("wake@example.com");
    courier.start();
    await smtp.waitFor(() => smtp.mails.length === 1);
    await waitForStatus(first, "sent");

    const second = await enqueueCode("wake-2@example.com");
    courier.wake();
    await smtp.waitFor(() => smtp.mails.length === 2);
    await waitForStatus(second, "sent");
    expect(smtp.mails[1]?.recipients).toEqual(["wake-2@example.com"]);
  });

  it("survives an SMTP server that is not there", async () => {
    await smtp.close();
    const logger = recordingLogger();
    const courier = emailDispatcher(
      persistence,
      testCourierConfig("smtp://127.0.0.1:1/?disable_starttls=true"),
      {
        logger,
        retryBackoff: fastRetry,
      },
    );
    dispatchers.push(courier);
    const id = await enqueueCode("nobody-home@example.com");

    expect(await courier.dispatchOnce()).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "queued", send_count: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(logger.lines.some((line) => line.message === "courier: send failed, will retry")).toBe(
      true,
    );
    // afterEach closes a server again.
    smtp = await startTestSmtpServer();
  });
});

async function untilDue(id: string): Promise<void> {
  const { next_attempt_at } = await row(id);
  const wait = new Date(next_attempt_at).getTime() - Date.now();
  if (wait > 0) await sleep(wait + 20);
}

async function waitForStatus(id: string, status: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await row(id)).status !== status) {
    if (Date.now() > deadline) throw new Error(`message ${id} never became ${status}`);
    await sleep(10);
  }
}

function recordingKind(type: OutboxMessageType, wakes: boolean): OutboxKind & { sent: string[] } {
  const sent: string[] = [];
  return {
    type,
    label: type,
    policy: { leaseMs: 60_000, maxAttempts: 3, backoff: { initialMs: 10, maxMs: 10 }, wakes },
    sent,
    async send(message: ClaimedMessage) {
      sent.push(message.subject);
    },
  };
}

function enqueue(type: OutboxMessageType, subject: string): Promise<string> {
  return persistence.outbox.enqueue({
    type,
    recipient: "",
    subject,
    body: "{}",
    html_body: "",
    template_type: subject,
  });
}

async function untilTrue(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("one dispatcher for every kind", () => {
  // Each kind gets the messages of its own type only, and a wake-up reaches only the kinds that
  // wake. Jobs must not (job-kind.ts says why), so the job-like kind below is found by its poll
  // or a round run by hand, never by a wake.
  it("hands each kind its own messages and wakes only the kinds that wake", async () => {
    const email = recordingKind("email", true);
    const job = recordingKind("job", false);
    const dispatcher = createOutboxDispatcher({
      outbox: persistence.outbox,
      kinds: [email, job],
      pollIntervalMs: 3_600_000,
      batchSize: 10,
      logger: recordingLogger(),
    });
    try {
      await enqueue("email", "first email");
      await enqueue("job", "first job");
      await enqueue("webhook", "no kind for it");
      dispatcher.start();
      await untilTrue(() => email.sent.length === 1 && job.sent.length === 1);
      expect(email.sent).toEqual(["first email"]);
      expect(job.sent).toEqual(["first job"]);

      // Both polls are an hour away now.
      await enqueue("job", "second job");
      await enqueue("email", "second email");
      dispatcher.wake("job");
      dispatcher.wake();
      await untilTrue(() => email.sent.length === 2);
      expect(job.sent).toEqual(["first job"]);

      expect(await dispatcher.dispatchOnce("job")).toBe(1);
      expect(job.sent).toEqual(["first job", "second job"]);
      expect(await dispatcher.dispatchOnce()).toBe(0);
      const depth = await persistence.outbox.depth();
      expect(depth.map(({ type, status, count }) => ({ type, status, count }))).toEqual([
        { type: "webhook", status: "queued", count: 1 },
      ]);
    } finally {
      await dispatcher.stop();
    }
  });
});

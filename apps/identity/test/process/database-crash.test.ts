import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from "../../src/outbox/email/test-support/smtp-test-server.ts";
import { migrateDatabase } from "../../src/persistence/sql/connect.ts";
import { type ChildService, childConfig, startChildService } from "../support/child-service.ts";
import { startCustomers } from "../support/customers.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { parsePrometheus } from "../support/prometheus.ts";

// docs/production.md#when-the-database-is-down: PostgreSQL crashed (`pg_ctl stop -m immediate`,
// as a power cut or an OOM kill ends it) at random moments, again and again, while customers
// sign up and sign in on two identity instances with their outbox dispatchers running. No
// instance exits; every answer is a success, a client's mistake or a 503; the sessions issued
// survive; every email the outbox promised leaves, and a duplicate happens only where a crash
// fell between the SMTP server taking a mail and the outbox recording it.

const crashes = 20;

let folder: string;
let postgres: PostgresServer;
let smtp: TestSmtpServer;
let services: ChildService[] = [];
let down = false;
/** Counts crashes and restarts: a request that saw it change met an outage. */
let outageEpoch = 0;

function serviceConfig(): Record<string, unknown> {
  return childConfig({
    dsn: postgres.url,
    instances: 2,
    // Short bounds: a request meets a crashed server at once (connection refused) anyway.
    database: { connect_timeout: "2s", query_timeout: "2s" },
    courier: {
      smtp: { connection_uri: smtp.url },
      dispatcher: { enabled: true, poll_interval: "100ms", lease: "2s" },
    },
    rate_limits: {
      submit_per_ip: { max: 100000 },
      flow_init_per_ip: { max: 100000 },
      code_emails_per_address: { max: 1000 },
    },
  });
}

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The code in the newest email to the address (the outbox delivers it after the sign-up). */
async function codeFor(email: string): Promise<string> {
  const newest = () => smtp.mails.findLast((mail) => mail.recipients.includes(email));
  await smtp.waitFor(() => newest() !== undefined, 60_000);
  const code = /\b(\d{6})\b/.exec(newest()?.parsed.text ?? "")?.[1];
  if (!code) throw new Error(`no code in the email to ${email}`);
  return code;
}

function isRunning(service: ChildService): boolean {
  return service.process.exitCode === null && service.process.signalCode === null;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "moos-crash-"));
  [postgres, smtp] = await Promise.all([startPostgres(), startTestSmtpServer()]);
  await migrateDatabase(postgres.url);
  services = await Promise.all(
    [1, 2].map((n) => startChildService(mkdtempSync(join(folder, `${n}-`)), serviceConfig())),
  );
}, 60_000);
afterAll(async () => {
  for (const service of services) if (isRunning(service)) service.process.kill("SIGKILL");
  await smtp?.close();
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("a PostgreSQL that crashes under load", () => {
  it(`costs no process, no session and no email, ${crashes} crashes at random moments`, async () => {
    const load = startCustomers({
      publicUrls: services.map((service) => service.publicUrl),
      customers: 6,
      outageEpoch: () => (down ? -1 : outageEpoch),
      codeFor,
    });
    let sessionsBeforeLastCrash = 0;
    const answered = (check: (status: number, outage: boolean) => boolean): number =>
      load.answers.filter((answer) => check(answer.status, answer.duringOutage)).length;
    for (let crash = 0; crash < crashes; crash++) {
      // A random moment: after between 1 and 8 successful answers since the database came back.
      const successes = answered((status) => status === 200) + 1 + Math.floor(Math.random() * 8);
      await load.until(() => answered((status) => status === 200) >= successes);
      const unavailable = answered((status) => status === 503);
      sessionsBeforeLastCrash = load.sessions.length;
      down = true;
      outageEpoch += 1;
      await postgres.crash();
      // Down until customers have noticed (a few 503s), then back.
      await load.until(() => answered((status) => status === 503) >= unavailable + 3);
      await postgres.restart();
      outageEpoch += 1;
      down = false;
    }
    const recovered = answered((status) => status === 200) + 10;
    await load.until(() => answered((status) => status === 200) >= recovered);
    await load.stop();

    expect(services.filter(isRunning).length, "identity instances still running").toBe(2);
    expect(load.unexpected).toEqual([]);
    // 503 exactly while the database is away: never before a crash, never once it is back.
    expect(answered((status, outage) => outage && status === 503)).toBeGreaterThan(0);
    expect(answered((status, outage) => !outage && status === 503)).toBe(0);
    console.info("answers by status:", Object.fromEntries(load.tally));

    // Every session issued, before, between or after the crashes, is valid on both instances.
    expect(sessionsBeforeLastCrash).toBeGreaterThan(0);
    for (const { token } of load.sessions) {
      for (const service of services) {
        const whoami = await fetch(`${service.publicUrl}/sessions/whoami`, {
          headers: { "x-session-token": token },
        });
        expect(whoami.status).toBe(200);
      }
    }

    // Every email the outbox holds leaves: none is left waiting or given up, each arrived.
    await expect
      .poll(async () => query("SELECT id FROM courier_messages WHERE status <> 'sent'"), {
        timeout: 20_000,
      })
      .toEqual([]);
    const promised = await query<{ id: string }>(
      "SELECT id FROM courier_messages WHERE type = 'email'",
    );
    const deliveries = new Map<string, number>();
    for (const mail of smtp.mails) {
      const id = mail.parsed.messageId?.replace(/^<|@.*$/g, "") ?? "";
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    const lost = promised.filter(({ id }) => !deliveries.has(id));
    const twice = promised.filter(({ id }) => (deliveries.get(id) ?? 0) > 1);
    console.info(
      `emails promised ${promised.length}, lost ${lost.length}, sent twice ${twice.length}; sign-ups stored despite a 503: ${load.storedDespite503}`,
    );
    expect(lost).toEqual([]);
    // A second send needs a crash between the SMTP server's answer and the outbox's record.
    expect(twice.length).toBeLessThanOrEqual(crashes);
    expect(promised.length).toBeGreaterThanOrEqual(load.sessions.length / 2);

    // What an operator sees: the outage and the return in each instance's log, and the metrics.
    for (const service of services) {
      const messages = service.lines.map((line) => line.msg);
      expect(messages).toContain("database: unreachable; answering 503 until it is back");
      expect(messages).toContain("database: reachable again");
      const scrape = parsePrometheus(await (await fetch(`${service.adminUrl}/metrics`)).text());
      expect(scrape.value("moos_identity_database_available")).toBe(1);
      expect(scrape.sum("moos_identity_unavailable_responses_total")).toBeGreaterThan(0);
    }
  }, 240_000);

  it("waits for a database that is not there yet at start, and says so", async () => {
    await postgres.crash();
    let noteWaiting = (): void => {};
    const waiting = new Promise<void>((resolve) => {
      noteWaiting = resolve;
    });
    const starting = startChildService(mkdtempSync(join(folder, "late-")), serviceConfig(), {
      onLine: (line) => {
        if (line.msg === "database: not reachable at start; waiting for it") noteWaiting();
      },
    });
    await waiting;
    await postgres.restart();
    const late = await starting;
    try {
      const ready = await fetch(`${late.publicUrl}/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      late.process.kill("SIGKILL");
    }
  }, 60_000);
});

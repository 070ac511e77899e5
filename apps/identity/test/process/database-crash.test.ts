import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChildProvider,
  nativeClient,
  startChildProvider,
} from "../../../oauth2/test/support/child-provider.ts";
import { adminToken as providerToken } from "../../../oauth2/test/support/harness.ts";
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from "../../src/outbox/email/test-support/smtp-test-server.ts";
import { migrateDatabase } from "../../src/persistence/sql/connect.ts";
import { recordAnswers } from "../support/answers.ts";
import { type ChildService, childConfig, startChildService } from "../support/child-service.ts";
import { startCustomers } from "../support/customers.ts";
import { freePort } from "../support/free-port.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { parsePrometheus } from "../support/prometheus.ts";

// docs/production.md#when-the-database-is-down: PostgreSQL crashed (`pg_ctl stop -m immediate`,
// as a power cut or an OOM kill ends it) at random moments, again and again, while customers
// sign up, verify and sign in on two identity instances with their outbox dispatchers running,
// and a partner app asks the OpenID provider (its own database on the same server). No process
// exits; every answer is a success, a redirect, a client's own mistake or a 503, and a 503 only
// while the database is away; the sessions issued survive; every email the outbox promised
// leaves, and a second copy only where a crash fell between the SMTP server taking a mail and
// the outbox recording it.

const crashes = 20;

let folder: string;
let postgres: PostgresServer;
let smtp: TestSmtpServer;
let services: ChildService[] = [];
let provider: ChildProvider;
let down = false;
/** Counts crashes and returns: a request that saw it change met an outage. */
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

async function query<T extends pg.QueryResultRow>(text: string, url = postgres.url): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
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

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "moos-crash-"));
  [postgres, smtp] = await Promise.all([startPostgres(), startTestSmtpServer()]);
  await query("CREATE DATABASE oauth2");
  await migrateDatabase(postgres.url);
  [services, provider] = await Promise.all([
    Promise.all(
      [1, 2].map((n) => startChildService(mkdtempSync(join(folder, `${n}-`)), serviceConfig())),
    ),
    startChildProvider(folder, {
      dsn: postgres.url.replace(/\/postgres$/, "/oauth2"),
      port: await freePort(),
      database: { connect_timeout: "2s", query_timeout: "2s" },
    }),
  ]);
}, 90_000);
afterAll(async () => {
  for (const child of [...services.map((s) => s.process), provider?.process])
    if (child && isRunning(child)) child.kill("SIGKILL");
  await smtp?.close();
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** A partner app at the provider: its admin API, an authorization and a token request. */
async function partner(answers: ReturnType<typeof recordAnswers>, stopped: () => boolean) {
  const authorize = new URL("/oauth2/auth", provider.publicUrl);
  for (const [key, value] of Object.entries({
    client_id: nativeClient.client_id,
    response_type: "code",
    redirect_uri: nativeClient.redirect_uris[0],
    scope: "openid",
    state: "crash-test-state",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  }))
    authorize.searchParams.set(key, value ?? "");
  const token = new URLSearchParams({
    grant_type: "authorization_code",
    code: "not-a-code",
    client_id: nativeClient.client_id,
    redirect_uri: nativeClient.redirect_uris[0] ?? "",
    code_verifier: "dBjftJeZ4CVP-mJ92K9qqTMwzxHeavmPf3pC3h9n5ZQ",
  });
  while (!stopped()) {
    await answers.call("provider", "admin clients", `${provider.adminUrl}/admin/clients`, {
      headers: { authorization: `Bearer ${providerToken}` },
    });
    await answers.call("provider", "authorize", authorize.href);
    // A code nobody issued: the partner's own mistake (400), or 503 while the database is away.
    await answers.call("provider", "token", `${provider.publicUrl}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: token,
      allowed: [400],
    });
  }
}

describe("a PostgreSQL that crashes under load", () => {
  it(`costs no process, no session and no email, ${crashes} crashes at random moments`, async () => {
    const answers = recordAnswers(() => (down ? -1 : outageEpoch));
    const load = startCustomers(answers, {
      publicUrls: services.map((service) => service.publicUrl),
      customers: 6,
      codeFor,
    });
    let stopped = false;
    const partners = Promise.all([1, 2].map(() => partner(answers, () => stopped)));
    const answered = (check: (status: number, outage: boolean) => boolean): number =>
      answers.list.filter((answer) => check(answer.status, answer.duringOutage)).length;
    // The customers' progress sets the pace: the partners ask far quicker.
    const customersServed = (): number =>
      answers.list.filter((answer) => answer.service === "identity" && answer.status === 200)
        .length;
    let sessionsBeforeLastCrash = 0;
    for (let crash = 0; crash < crashes; crash++) {
      // A random moment: after 1 to 8 answers of 200 to customers since the database came back.
      const successes = customersServed() + 1 + Math.floor(Math.random() * 8);
      await answers.until(() => customersServed() >= successes);
      const unavailable = answered((status) => status === 503);
      sessionsBeforeLastCrash = load.sessions.length;
      down = true;
      outageEpoch += 1;
      await postgres.crash();
      // Down until clients have noticed (a few 503s), then back.
      await answers.until(() => answered((status) => status === 503) >= unavailable + 3);
      await postgres.restart();
      outageEpoch += 1;
      down = false;
    }
    const recovered = customersServed() + 10;
    await answers.until(() => customersServed() >= recovered);
    stopped = true;
    await Promise.all([load.stop(), partners]);

    expect(services.filter((s) => isRunning(s.process)).length, "identity instances").toBe(2);
    expect(isRunning(provider.process), "the OpenID provider").toBe(true);
    expect(answers.unexpected).toEqual([]);
    // 503 exactly while the database is away: never before a crash, never once it is back.
    expect(answered((status, outage) => outage && status === 503)).toBeGreaterThan(0);
    expect(answered((status, outage) => !outage && status === 503)).toBe(0);
    console.info("answers by status:", Object.fromEntries(answers.tally));

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
    // A second copy needs a crash between the SMTP server's answer and the outbox's record.
    expect(twice.length).toBeLessThanOrEqual(crashes);

    // What an operator sees: the outage and the return in each process's log, and the metrics.
    for (const { lines, adminUrl } of [...services, provider]) {
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain("database: unreachable; answering 503 until it is back");
      expect(messages).toContain("database: reachable again");
      const scrape = parsePrometheus(await (await fetch(`${adminUrl}/metrics`)).text());
      const prefix = adminUrl === provider.adminUrl ? "moos_oauth2" : "moos_identity";
      expect(scrape.value(`${prefix}_database_available`)).toBe(1);
      expect(scrape.sum(`${prefix}_unavailable_responses_total`)).toBeGreaterThan(0);
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

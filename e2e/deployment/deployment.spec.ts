// Moos as it runs in production, proven: through nginx (TLS, round robin, no sticky sessions) to
// two web apps and two identity instances on one PostgreSQL. A customer's whole journey is
// served by both instances of each service; a session made on one instance is seen and ended by
// the other; nginx lets go of idle connections before the instances close them; and an identity
// instance killed with SIGKILL while customers sign up costs nobody a server error or an email.

import { readFileSync } from "node:fs";
import { request } from "node:https";
import { connect } from "node:net";
import path from "node:path";
import type { Browser, Response } from "@playwright/test";
import { newAccountData } from "../support/identity-admin.ts";
import { german } from "../support/languages.ts";
import { Mailbox } from "../support/mailbox.ts";
import { E2E_DATA, REPO_ROOT } from "../support/services/processes.ts";
import { services } from "../support/services/service-set.ts";
import { expect, screensFor, test } from "../support/test.ts";
import { deployment, killInstance, restartInstance } from "./deployment.ts";

/** The upstream addresses nginx sent requests of one of its logs to. */
function upstreamsIn(log: "public" | "identity"): Set<string> {
  const text = readFileSync(path.join(deployment().nginxLogs, `${log}.log`), "utf8");
  return new Set([...text.matchAll(/ upstream=([0-9.:]+) /g)].map((match) => match[1] ?? ""));
}

/** The request ids in a service's log (e2e/.data/logs/<name>.log, JSON lines). */
function requestIdsLogged(name: string): Set<string> {
  const text = readFileSync(path.join(E2E_DATA, "logs", `${name}.log`), "utf8");
  return new Set([...text.matchAll(/"request_id":"([^"]+)"/g)].map((match) => match[1] ?? ""));
}

/** The ids nginx gave the requests it passed to the web apps. */
function requestIdsAtTheEdge(): Set<string> {
  const text = readFileSync(path.join(deployment().nginxLogs, "public.log"), "utf8");
  return new Set([...text.matchAll(/ id=([0-9a-f]+)$/gm)].map((match) => match[1] ?? ""));
}

/**
 * A JSON request to nginx from another loopback address (127.0.0.2: a client that is not one of
 * the trusted proxies), with the headers it chooses to send.
 */
function fromAnotherAddress(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const target = new URL(url);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? "GET",
        headers: {
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
        localAddress: "127.0.0.2",
        // The suite's certificate is self-signed.
        rejectUnauthorized: false,
        agent: false,
      },
      (incoming) => {
        let text = "";
        incoming.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, json: text ? JSON.parse(text) : {} }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Every response of the web origin with a server error status. */
function serverErrors(responses: readonly Response[]): string[] {
  return responses
    .filter((response) => response.status() >= 500)
    .map((response) => `${response.status()} ${response.url()}`);
}

/**
 * A new customer signs up in a browser of their own and verifies the address by code;
 * `onCodeStep` runs when the registration is sent and the code is being asked for.
 */
async function signUp(
  browser: Browser,
  responses: Response[],
  onCodeStep: () => Promise<void>,
): Promise<string> {
  const context = await browser.newContext({
    baseURL: deployment().publicUrl,
    ignoreHTTPSErrors: true,
    locale: "de-DE",
  });
  const page = await context.newPage();
  page.on("response", (response) => responses.push(response));
  const { registration, verification } = screensFor(page, german, true);
  const account = newAccountData();
  try {
    await registration.open();
    await registration.register({ ...account, repeatPassword: account.password });
    await verification.expectCodeStep(account.email);
    await onCodeStep();
    const { code } = await new Mailbox(account.email).nextCode();
    await verification.enterCode(code);
    await verification.expectVerified();
  } finally {
    await context.close();
  }
  return account.email;
}

/** nginx's keepalive_timeout in each upstream block of deploy/nginx/moos.conf, in ms. */
function upstreamIdleTimeouts(): Map<string, number> {
  const conf = readFileSync(path.join(REPO_ROOT, "deploy/nginx/moos.conf"), "utf8");
  const timeouts = new Map<string, number>();
  for (const block of conf.matchAll(/^upstream (\w+) \{([\s\S]*?)^\}/gm)) {
    const seconds = block[2]?.match(/keepalive_timeout (\d+)s;/)?.[1];
    // nginx's default when the block sets none.
    timeouts.set(block[1] ?? "", seconds ? Number(seconds) * 1000 : 60_000);
  }
  return timeouts;
}

/** How long we wait for a server to close an idle connection: longer than any upstream's timeout. */
const IDLE_PATIENCE_MS = 10_000;

/**
 * How long a server on this loopback port keeps a connection open once it has answered a
 * keep-alive request and nothing more comes, up to IDLE_PATIENCE_MS (the identity service keeps
 * one for 72 s).
 */
function idleCloseMs(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(IDLE_PATIENCE_MS, () => socket.destroy());
    let answeredAt = 0;
    socket.on("connect", () =>
      socket.write(
        "GET /health/alive HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n",
      ),
    );
    socket.on("data", () => {
      answeredAt ||= performance.now();
    });
    socket.on("close", () => resolve(performance.now() - answeredAt));
    socket.on("error", reject);
  });
}

/** The emails MailDev received, by recipient. */
async function emailCounts(): Promise<Map<string, number>> {
  const response = await fetch(`${services().mailApiUrl}/email`);
  const emails = (await response.json()) as { to: { address: string }[] }[];
  const counts = new Map<string, number>();
  for (const email of emails) {
    for (const { address } of email.to) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return counts;
}

/** Waits until the courier's outbox has nothing left to send or being sent. */
async function outboxDrained(): Promise<void> {
  const { identityAdminUrl, adminToken } = deployment();
  const pending = async (status: "queued" | "processing"): Promise<number> => {
    const response = await fetch(`${identityAdminUrl}/admin/courier/messages?status=${status}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return ((await response.json()) as unknown[]).length;
  };
  await expect
    .poll(async () => (await pending("queued")) + (await pending("processing")), {
      message: "the outbox empties",
      timeout: 30_000,
    })
    .toBe(0);
}

test.describe("a deployment of two instances of each service behind nginx", () => {
  test.describe.configure({ mode: "serial" });

  test("a customer signs up, verifies, changes settings, logs out and in, served by every instance", async ({
    page,
  }) => {
    const { registration, verification, settings, splash, login, newsletter } = screensFor(
      page,
      german,
      true,
    );
    const responses: Response[] = [];
    page.on("response", (response) => responses.push(response));
    const account = newAccountData();
    const mailbox = new Mailbox(account.email);

    await registration.open();
    await registration.register({ ...account, repeatPassword: account.password });
    await verification.expectCodeStep(account.email);
    await verification.enterCode((await mailbox.nextCode()).code);
    await verification.expectVerified();

    await settings.open();
    await settings.expectShown();
    await settings.changeNames("Berta", "Blattgrün");
    await settings.expectSuccessMessage("1050001");
    await settings.expectProfile({ ...account, firstName: "Berta", lastName: "Blattgrün" });
    await settings.logOut();
    await splash.expectSignedOut();

    await login.open();
    await login.logIn(account.email, account.password);
    await newsletter.expectQuestion();
    await newsletter.decline();
    await splash.expectSignedIn(account.email);

    expect(serverErrors(responses)).toEqual([]);
    // No sticky sessions: both web apps and both identity instances served this customer.
    expect(upstreamsIn("public").size).toBe(2);
    expect(upstreamsIn("identity").size).toBe(2);

    // Behind https: the identity cookies are Secure and host-only (`__Host-`), and every answer,
    // page or identity API, tells the browser to stay on https.
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "__Host-ory_kratos_session");
    expect(session, "the session cookie is __Host-ory_kratos_session").toBeDefined();
    expect(cookies.filter((cookie) => /csrf_token/.test(cookie.name))).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^__Host-csrf_token_/), secure: true }),
    ]);
    for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
    for (const url of ["/login", "/self-service/login/browser"]) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.headers()["strict-transport-security"], url).toMatch(/max-age=\d{7,}/);
    }

    // One id per request: nginx makes it, the web app and the identity service log it.
    const atTheEdge = requestIdsAtTheEdge();
    const web = new Set([...requestIdsLogged("web-1"), ...requestIdsLogged("web-2")]);
    const identity = new Set([
      ...requestIdsLogged("identity-1"),
      ...requestIdsLogged("identity-2"),
    ]);
    const seenEverywhere = [...atTheEdge].filter((id) => web.has(id) && identity.has(id));
    expect(
      seenEverywhere.length,
      "request ids in nginx's, the web app's and the identity service's logs",
    ).toBeGreaterThan(0);
  });

  test("a session made on one identity instance is seen and ended by the other", async () => {
    const [first, second] = deployment().instances;
    const on = (instance: typeof first) => `http://127.0.0.1:${instance?.publicPort}`;
    const account = newAccountData();

    const flow = (await (await fetch(`${on(first)}/self-service/registration/api`)).json()) as {
      id: string;
    };
    const registered = await fetch(`${on(first)}/self-service/registration?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "password",
        password: account.password,
        traits: {
          email: account.email,
          name: { first: account.firstName, last: account.lastName },
        },
      }),
    });
    expect(registered.status).toBe(200);
    const { session_token: token } = (await registered.json()) as { session_token: string };

    const whoamiOn = async (instance: typeof first): Promise<number> =>
      (await fetch(`${on(instance)}/sessions/whoami`, { headers: { "x-session-token": token } }))
        .status;
    expect(await whoamiOn(second)).toBe(200);

    const loggedOut = await fetch(`${on(second)}/self-service/logout/api`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ session_token: token }),
    });
    expect(loggedOut.status).toBe(204);
    await expect.poll(() => whoamiOn(first), { timeout: 1_000 }).toBe(401);
    expect(await whoamiOn(second)).toBe(401);
  });

  test("a client that is no proxy cannot choose its address: the one nginx saw is recorded", async () => {
    const { publicUrl } = deployment();
    const spoofed = { "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.7" };
    const flow = await fromAnotherAddress(`${publicUrl}/self-service/registration/api`, {
      headers: spoofed,
    });
    expect(flow.status).toBe(200);
    const account = newAccountData();
    const registered = await fromAnotherAddress(
      `${publicUrl}/self-service/registration?flow=${String(flow.json.id)}`,
      {
        method: "POST",
        headers: spoofed,
        body: {
          method: "password",
          password: account.password,
          traits: {
            email: account.email,
            name: { first: account.firstName, last: account.lastName },
          },
        },
      },
    );
    expect(registered.status).toBe(200);
    const session = registered.json.session as { devices: { ip_address: string }[] };
    expect(session.devices[0]?.ip_address).toBe("127.0.0.2");
  });

  test("nginx lets go of an idle connection to every instance before the instance closes it", async () => {
    // Otherwise a request nginx sends on a connection the instance is closing meets a reset,
    // and nginx takes the instance for failed: with both web apps, every customer gets a 502.
    const { instances, webPorts, consolePorts } = deployment();
    const [web, consoles, identity] = await Promise.all([
      Promise.all(webPorts.map(idleCloseMs)),
      Promise.all(consolePorts.map(idleCloseMs)),
      Promise.all(instances.flatMap((i) => [idleCloseMs(i.publicPort), idleCloseMs(i.adminPort)])),
    ]);
    const timeouts = upstreamIdleTimeouts();
    expect([...timeouts.keys()]).toEqual([
      "moos_web",
      "moos_console",
      "moos_identity",
      "moos_identity_admin",
    ]);
    for (const closesAfter of web) expect(timeouts.get("moos_web")).toBeLessThan(closesAfter);
    for (const closesAfter of consoles) {
      expect(timeouts.get("moos_console")).toBeLessThan(closesAfter);
    }
    for (const closesAfter of identity) {
      expect(timeouts.get("moos_identity")).toBeLessThan(closesAfter);
      expect(timeouts.get("moos_identity_admin")).toBeLessThan(closesAfter);
    }
  });

  test("an identity instance killed with SIGKILL while customers sign up costs nobody an error or an email", async ({
    browser,
  }) => {
    const [victim] = deployment().instances;
    if (!victim) throw new Error("no identity instance");
    const responses: Response[] = [];
    // Six customers sign up at once; the instance dies as soon as the first of them has sent
    // the registration, while the others are in the middle of theirs, and comes back.
    let killed: Promise<void> | undefined;
    const killOnce = async (): Promise<void> => {
      killed ??= (async () => {
        killInstance(victim);
        await restartInstance(victim);
      })();
    };
    const emails = await Promise.all(
      Array.from({ length: 6 }, () => signUp(browser, responses, killOnce)),
    );
    await killed;

    expect(serverErrors(responses)).toEqual([]);
    await outboxDrained();
    const counts = await emailCounts();
    for (const email of emails) expect(counts.get(email), `emails to ${email}`).toBe(1);
  });
});

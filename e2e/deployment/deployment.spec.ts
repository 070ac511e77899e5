// Moos as it runs in production, proven: through nginx (TLS, round robin, no sticky sessions) to
// two web apps and two identity instances on one PostgreSQL. A customer's whole journey is
// served by both instances of each service; a session made on one instance is seen and ended by
// the other; and an identity instance killed with SIGKILL while customers sign up costs nobody a
// server error or an email.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Response } from "@playwright/test";
import { newAccountData } from "../support/identity-admin.ts";
import { german } from "../support/languages.ts";
import { Mailbox } from "../support/mailbox.ts";
import { services } from "../support/services/service-set.ts";
import { expect, screensFor, test } from "../support/test.ts";
import { deployment, killInstance, restartInstance } from "./deployment.ts";

/** The upstream addresses nginx sent requests of one of its logs to. */
function upstreamsIn(log: "public" | "identity"): Set<string> {
  const text = readFileSync(path.join(deployment().nginxLogs, `${log}.log`), "utf8");
  return new Set([...text.matchAll(/ upstream=([0-9.:]+) /g)].map((match) => match[1] ?? ""));
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
    await verification.expectCodeStep();
    await onCodeStep();
    const { code } = await new Mailbox(account.email).nextCode();
    await verification.enterCode(code);
    await verification.expectVerified();
  } finally {
    await context.close();
  }
  return account.email;
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
    await verification.expectCodeStep();
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

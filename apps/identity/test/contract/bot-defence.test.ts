import type { FrontendApi } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failedSignInsOf } from "../../src/limits/failed-sign-ins.ts";
import { challengeOf, clientFrom, messageIdsOf, payloadOf, solve } from "../support/bot-client.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  failure,
  type Json,
  password,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// The bot defence over HTTP (docs/security.md#bot-defence): nothing below the thresholds; above
// them a proof of work that travels in the flow as schema-valid `captcha` nodes and that an app
// solves with ALTCHA's library; solutions bound to their flow, used once, expiring; the wait of a
// browser without JavaScript; the refusal where the risk is overwhelming; throwaway addresses.
// Each test is a client of a network of its own, so the counts of one never reach another.

const COMPLETE_CAPTCHA = 1070015;
const CAPTCHA_FAILED = 4000038;
const TOO_MANY_ATTEMPTS = 4900001;
const DISPOSABLE_ADDRESS = 4900002;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    bot_defence: {
      window: "1h",
      // Low, so a few submits reach them: a challenge from the second different address tried
      // from one client address, a refusal from the sixth; a challenge from the fourth submit
      // for one identifier.
      ip: { challenge_from: 2, refuse_from: 6 },
      network: { challenge_from: 100, refuse_from: 100 },
      target: { challenge_from: 4, refuse_from: 100 },
      challenge: {
        cost: 10,
        attempts: 20,
        lifespan: "10m",
        no_script: { wait: "50ms", max_per_network: 1 },
      },
    },
    email_addresses: { disposable: { allow: ["yopmail.com"], block: ["wegwerf.example"] } },
  });
});
afterAll(async () => h?.close());

let network = 0;
/** A client address in a /24 of its own. */
function newAddress(): string {
  network += 1;
  return `198.18.${network}.7`;
}

/** A password the policy refuses: the submit is counted, and answered by the method. */
const weak = "x";

/** Makes `count` registration submits for different addresses from `api`, whatever they answer. */
async function registerAttempts(api: FrontendApi, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const flow = await api.createNativeRegistrationFlow({});
    await failure(
      api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: "password",
          password: weak,
          traits: traitsOf(uniqueEmail("attempt")),
        },
      }),
    );
  }
}

/** The same from a browser: `count` browser flows, each sent once with a different address. */
async function registerAttemptsInBrowser(browser: FrontendApi, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const flow = await browserRegistration(browser);
    await submitRegistration(browser, flow.id, {
      ...registrationBody(uniqueEmail("tried"), undefined, weak),
      csrf_token: csrfOf(flow),
    });
  }
}

async function browserRegistration(api: FrontendApi): Promise<Json> {
  return (await body(api.createBrowserRegistrationFlowRaw({}), "registrationFlow")).json;
}

async function nativeRegistration(api: FrontendApi): Promise<Json> {
  const { json } = await body(api.createNativeRegistrationFlowRaw({}), "registrationFlow");
  return json;
}

function registrationBody(email: string, response?: string, secret = password): Json {
  return {
    method: "password",
    password: secret,
    traits: traitsOf(email),
    ...(response ? { transient_payload: { captcha_altcha_response: response } } : {}),
  };
}

async function submitRegistration(
  api: FrontendApi,
  flowId: string,
  submitted: Json,
): Promise<{ status: number; json: Json }> {
  try {
    const result = await api.updateRegistrationFlowRaw({
      flow: flowId,
      updateRegistrationFlowBody: submitted as never,
    });
    return { status: result.raw.status, json: (await result.raw.json()) as Json };
  } catch (error) {
    return failure(Promise.reject(error));
  }
}

function captchaNodes(flow: Json): Json[] {
  return (flow.ui.nodes as Json[]).filter((node) => node.group === "captcha");
}

async function metricsText(): Promise<string> {
  return (await fetch(`${h.adminUrl}/metrics`)).text();
}

function metric(text: string, line: string): number {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.split(" ")[1]) : 0;
}

describe("below the thresholds", () => {
  it("asks nothing: no captcha nodes, and a registration and a sign-in go through as ever", async () => {
    const { native, browser } = clientFrom(h, newAddress());
    for (const flow of [
      await nativeRegistration(native),
      (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json,
      (await body(browser.createBrowserRegistrationFlowRaw({}), "registrationFlow")).json,
      (await body(browser.createBrowserLoginFlowRaw({}), "loginFlow")).json,
    ]) {
      expect(captchaNodes(flow)).toEqual([]);
    }
    const flow = await nativeRegistration(native);
    const email = uniqueEmail("calm");
    const result = await submitRegistration(native, flow.id, registrationBody(email));
    expect(result.status).toBe(200);
    expect(result.json.identity.traits.email).toBe(email);
  });
});

describe("above a threshold", () => {
  it("starts flows with a proof of work in schema-valid captcha nodes, which an app solves", async () => {
    const { native } = clientFrom(h, newAddress());
    await registerAttempts(native, 2);

    const flow = await nativeRegistration(native);
    expect(captchaNodes(flow).map((n) => [n.type, n.attributes.name, n.attributes.type])).toEqual([
      ["input", "captcha_altcha_challenge", "hidden"],
      ["input", "transient_payload.captcha_altcha_response", "hidden"],
    ]);
    const challenge = challengeOf(flow as never)!;
    expect(challenge.parameters).toMatchObject({
      algorithm: "PBKDF2/SHA-256",
      data: { flow: flow.id, level: 1 },
    });

    const email = uniqueEmail("solved");
    const result = await submitRegistration(
      native,
      flow.id,
      registrationBody(email, await solve(challenge)),
    );
    expect(result.status).toBe(200);
    expectSchema("successfulNativeRegistration", result.json);
    expect(result.json.identity.traits.email).toBe(email);
  });

  it("asks for a solution when the risk rose after the flow started, and counts what it did", async () => {
    const { native } = clientFrom(h, newAddress());
    const before = await metricsText();
    const early = await nativeRegistration(native);
    expect(captchaNodes(early)).toEqual([]);
    await registerAttempts(native, 2);

    const asked = await submitRegistration(native, early.id, registrationBody(uniqueEmail("late")));
    expect(asked.status).toBe(400);
    expectSchema("registrationFlow", asked.json);
    expect(messageIdsOf(asked.json as never)).toEqual([COMPLETE_CAPTCHA]);
    const challenge = challengeOf(asked.json as never)!;
    const done = await submitRegistration(
      native,
      early.id,
      registrationBody(uniqueEmail("late"), await solve(challenge)),
    );
    expect(done.status).toBe(200);

    const after = await metricsText();
    const issued = 'moos_identity_bot_challenges_total{event="issued"}';
    const solved = 'moos_identity_bot_challenges_total{event="solved"}';
    expect(metric(after, issued)).toBeGreaterThan(metric(before, issued));
    expect(metric(after, solved)).toBe(metric(before, solved) + 1);
  });

  it("refuses a wrong, another flow's, a reused and an expired solution, each with a fresh challenge", async () => {
    const { native } = clientFrom(h, newAddress());
    await registerAttempts(native, 2);
    const [flow, other] = [await nativeRegistration(native), await nativeRegistration(native)];
    const challenge = challengeOf(flow as never)!;
    const solved = JSON.parse(Buffer.from(await solve(challenge), "base64").toString()) as Json;

    // One address for all of them: a new one each time would count towards the refusal.
    const email = uniqueEmail("bad");
    const refusedWith = async (response: string): Promise<Json> => {
      const result = await submitRegistration(native, flow.id, registrationBody(email, response));
      expect(result.status).toBe(400);
      expectSchema("registrationFlow", result.json);
      expect(messageIdsOf(result.json as never)).toEqual([CAPTCHA_FAILED]);
      return result.json;
    };

    // Wrong: the key of another counter.
    const wrong = payloadOf(challenge, { counter: solved.solution.counter + 1, derivedKey: "00" });
    let answer = await refusedWith(wrong);
    expect(challengeOf(answer as never)?.signature).not.toBe(challenge.signature);
    // Not even ALTCHA's payload.
    answer = await refusedWith("bm90IGEgcGF5bG9hZA==");
    // Another flow's challenge, rightly solved.
    answer = await refusedWith(await solve(challengeOf(other as never)!));

    // Used once: a solution that got a submit through (the method then refused its password)
    // gets no second one.
    const once = await solve(challengeOf(answer as never)!);
    const first = await submitRegistration(native, flow.id, registrationBody(email, once, weak));
    expect(first.status).toBe(400);
    expect(messageIdsOf(first.json as never)).not.toContain(CAPTCHA_FAILED);
    answer = await refusedWith(once);

    // Expired: the flow's new challenge, solved, then used 11 minutes later (it lives 10).
    const late = await solve(challengeOf(answer as never)!);
    const now = h.app.deps.now;
    h.app.deps.now = () => new Date(now().getTime() + 11 * 60_000);
    try {
      await refusedWith(late);
    } finally {
      h.app.deps.now = now;
    }
  });

  it("lets a browser without JavaScript wait instead, a few times per network, then refuses", async () => {
    const ip = newAddress();
    const { browser } = clientFrom(h, ip);
    // Two different addresses tried from here: the next flows carry a challenge.
    await registerAttemptsInBrowser(browser, 2);
    const flow = await browserRegistration(browser);
    expect(captchaNodes(flow)).toHaveLength(2);
    const email = uniqueEmail("no-script");
    const waited = await submitRegistration(browser, flow.id, {
      ...registrationBody(email),
      csrf_token: csrfOf(flow),
    });
    expect(waited.status).toBe(200);
    expect(waited.json.identity.traits.email).toBe(email);

    // The network's waits are used up (one here): the next submit without a solution is refused.
    // Another browser in the same network (the first one is signed in now).
    const neighbour = clientFrom(h, ip.replace(/\d+$/, "8")).browser;
    await registerAttemptsInBrowser(neighbour, 2);
    const second = await browserRegistration(neighbour);
    expect(captchaNodes(second)).toHaveLength(2);
    const refused = await submitRegistration(neighbour, second.id, {
      ...registrationBody(uniqueEmail("no-script")),
      csrf_token: csrfOf(second),
    });
    expect(refused.status).toBe(400);
    expect(messageIdsOf(refused.json as never)).toEqual([TOO_MANY_ATTEMPTS]);
  });

  it("takes a browser's solution, sent with the form's other fields", async () => {
    const { browser } = clientFrom(h, newAddress());
    await registerAttemptsInBrowser(browser, 2);
    const flow = await browserRegistration(browser);
    const before = await metricsText();
    const email = uniqueEmail("browser");
    const result = await submitRegistration(browser, flow.id, {
      ...registrationBody(email, await solve(challengeOf(flow as never)!)),
      csrf_token: csrfOf(flow),
      transient_payload: {
        locale: "de",
        captcha_altcha_response: await solve(challengeOf(flow as never)!),
      },
    });
    expect(result.status).toBe(200);
    const solved = 'moos_identity_bot_challenges_total{event="solved"}';
    expect(metric(await metricsText(), solved)).toBe(metric(before, solved) + 1);
  });

  it("refuses an app's flow without a solution instead of waiting", async () => {
    const { native } = clientFrom(h, newAddress());
    await registerAttempts(native, 2);
    const flow = await nativeRegistration(native);
    const result = await submitRegistration(native, flow.id, registrationBody(uniqueEmail("app")));
    expect(result.status).toBe(400);
    expect(messageIdsOf(result.json as never)).toEqual([COMPLETE_CAPTCHA]);
  });
});

describe("where the risk is overwhelming", () => {
  it("refuses with a message of its own, says so at the flow's start, logs, counts and records the sign-in", async () => {
    const ip = newAddress();
    const { native } = clientFrom(h, ip);
    const account = await createAccount(h, uniqueEmail("target"));
    const before = await metricsText();
    // Six different identifiers tried from one address (refuse_from: 6).
    let last: { status: number; json: Json } | undefined;
    for (const identifier of [1, 2, 3, 4, 5].map((i) => uniqueEmail(`stuffed-${i}`))) {
      const flow = (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json;
      last = await failure(
        native.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: { method: "password", identifier, password: "wrong-password" },
        }),
      );
    }
    expect(last?.status).toBe(400);
    const flow = (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json;
    const refused = await failure(
      native.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "password", identifier: account.traits.email, password },
      }),
    );
    expect(refused.status).toBe(400);
    expectSchema("loginFlow", refused.json);
    expect(messageIdsOf(refused.json as never)).toEqual([TOO_MANY_ATTEMPTS]);
    // The next flow from there says it before anyone types.
    const next = (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json;
    expect(messageIdsOf(next as never)).toEqual([TOO_MANY_ATTEMPTS]);

    const after = await metricsText();
    const line = 'moos_identity_bot_refusals_total{reason="ip"}';
    expect(metric(after, line)).toBe(metric(before, line) + 1);
    const logged = h.logs.filter(
      (entry) => (entry.bot_defence as Json | undefined)?.refused === "ip",
    );
    expect(logged.at(-1)).toMatchObject({
      msg: "bot defence refused a submit",
      bot_defence: { flow: "login", network: ip.replace(/\.\d+$/, ".0/24") },
    });
    expect(JSON.stringify(logged)).not.toContain(account.traits.email);
    // The account's activity shows the refused sign-in as a failed one.
    const identity = (await h.app.deps.persistence.identities.getIdentity(account.id))!;
    const failed = await failedSignInsOf(h.app.deps, identity, new Date(Date.now() - 60_000));
    expect(failed.map((day) => day.count)).toEqual([1]);
  });

  it("challenges the submits for one identifier tried from anywhere, and a solution gets them through", async () => {
    const identifier = uniqueEmail("wanted");
    await createAccount(h, identifier);
    // Four submits for it, each from another network (target challenge_from: 4).
    for (let i = 0; i < 4; i++) {
      const { native } = clientFrom(h, newAddress());
      const flow = (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json;
      await failure(
        native.updateLoginFlow({
          flow: flow.id,
          updateLoginFlowBody: { method: "password", identifier, password: "wrong-password" },
        }),
      );
    }
    const { native } = clientFrom(h, newAddress());
    const flow = (await body(native.createNativeLoginFlowRaw({}), "loginFlow")).json;
    expect(captchaNodes(flow)).toEqual([]);
    // The identifier-first step checks no credential: it passes untouched, and counts nothing.
    const step = await failure(
      native.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "identifier_first", identifier },
      }),
    );
    expect(messageIdsOf(step.json as never)).not.toContain(COMPLETE_CAPTCHA);
    const asked = await failure(
      native.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "password", identifier, password },
      }),
    );
    expect(messageIdsOf(asked.json as never)).toEqual([COMPLETE_CAPTCHA]);
    const response = await solve(challengeOf(asked.json as never)!);
    const signedIn = await native.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: "password",
        identifier,
        password,
        transient_payload: { captcha_altcha_response: response },
      },
    });
    expect(signedIn.session.identity?.traits.email).toBe(identifier);
  });
});

describe("throwaway addresses", () => {
  it("refuses a registration at a listed or blocked domain on the email field, keeping what was typed", async () => {
    for (const [email, domain] of [
      ["kim@mailinator.com", "mailinator.com"],
      ["kim@inbox.wegwerf.example", "wegwerf.example"],
    ] as const) {
      // A client each: a second address from one would meet the proof of work (ip: 2).
      const { native } = clientFrom(h, newAddress());
      const flow = await nativeRegistration(native);
      const result = await submitRegistration(native, flow.id, registrationBody(email));
      expect(result.status).toBe(400);
      expectSchema("registrationFlow", result.json);
      const node = (result.json.ui.nodes as Json[]).find(
        (n) => n.attributes.name === "traits.email",
      )!;
      expect(node.messages).toEqual([
        expect.objectContaining({ id: DISPOSABLE_ADDRESS, type: "error", context: { domain } }),
      ]);
      expect(node.attributes.value).toBe(email);
    }
    const metrics = await metricsText();
    expect(metric(metrics, 'moos_identity_bot_refusals_total{reason="disposable_address"}')).toBe(
      2,
    );
  });

  it("takes a listed domain the allow-list names", async () => {
    const { native } = clientFrom(h, newAddress());
    const flow = await nativeRegistration(native);
    const email = `kim-${Date.now()}@yopmail.com`;
    const result = await submitRegistration(native, flow.id, registrationBody(email));
    expect(result.status).toBe(200);
  });
});

describe("during a surge of registrations", () => {
  let surging: Harness;
  beforeAll(async () => {
    surging = await startHarness({
      bot_defence: {
        window: "1h",
        ip: { challenge_from: 100, refuse_from: 100 },
        network: { challenge_from: 100, refuse_from: 100 },
        target: { challenge_from: 100, refuse_from: 100 },
        // Every registration submit is a surge here (the hour before had none): a network is
        // challenged from its second address.
        surge: { min_per_minute: 1, factor: 1, network: { challenge_from: 2, refuse_from: 100 } },
        challenge: {
          cost: 10,
          attempts: 20,
          lifespan: "10m",
          no_script: { wait: "10ms", max_per_network: 5 },
        },
      },
    });
  });
  afterAll(async () => surging?.close());

  it("a browser without JavaScript is told to try later instead of waiting through", async () => {
    const { browser } = clientFrom(surging, "198.19.1.7");
    await registerAttemptsInBrowser(browser, 2);
    const flow = await browserRegistration(browser);
    expect(captchaNodes(flow)).toHaveLength(2);
    const refusals = async (): Promise<number> =>
      metric(
        await (await fetch(`${surging.adminUrl}/metrics`)).text(),
        'moos_identity_bot_refusals_total{reason="no_script"}',
      );
    const before = await refusals();
    const email = uniqueEmail("no-script-in-a-surge");
    const refused = await submitRegistration(browser, flow.id, {
      ...registrationBody(email),
      csrf_token: csrfOf(flow),
    });
    expect(refused.status).toBe(400);
    expect(messageIdsOf(refused.json as never)).toEqual([TOO_MANY_ATTEMPTS]);
    expect(await refusals()).toBe(before + 1);
    // Nothing was made: the address can still register.
    const found = await fetch(
      `${surging.adminUrl}/admin/identities?credentials_identifier=${encodeURIComponent(email)}`,
      { headers: { authorization: `Bearer ${surging.adminToken}` } },
    );
    expect(await found.json()).toEqual([]);
  });
});

function csrfOf(flow: Json): string {
  const node = (flow.ui.nodes as Json[]).find((n) => n.attributes.name === "csrf_token");
  return node?.attributes.value as string;
}

import { createServer, type Server } from "node:http";
import { ResponseError } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { deliveredMail } from "../support/safety.ts";
import {
  createAccount,
  csrfOf,
  failure,
  type Json,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// User migration (docs/newsletter-deletion-migration.md#customers-who-need-migration): the
// "your account has moved" recovery email for customers imported without a password, which a
// sign-in attempt sends too (while answering as for any wrong password), and Kratos's password
// migration hook asking the old shop once.

const migrationUiUrl = "http://shop.example/migration";

const oldShopPassword = "Altes-Shop-Passwort-1";
let h: Harness;
let oldShop: Server;
const asked: Json[] = [];

beforeAll(async () => {
  // The old shop: knows one password, answers like Kratos's hook contract.
  oldShop = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const json = JSON.parse(body) as Json;
      asked.push({ ...json, auth: request.headers.authorization });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          status: json.password === oldShopPassword ? "password_match" : "password_no_match",
        }),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => oldShop.listen(port, "127.0.0.1", resolve));
  h = await startHarness({
    selfservice: {
      flows: { recovery: { migration_ui_url: migrationUiUrl } },
      methods: {
        password: {
          config: {
            haveibeenpwned_enabled: false,
            migrate_hook: {
              enabled: true,
              config: {
                url: `http://127.0.0.1:${port}/check-password`,
                headers: { authorization: "Bearer old-shop-key" },
              },
            },
          },
        },
      },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => oldShop?.close(() => resolve()));
});

async function importCustomer(email: string, credentials?: Json, locale = "de"): Promise<string> {
  const result = await h.identityApi().batchPatchIdentities({
    patchIdentitiesBody: {
      identities: [
        {
          create: {
            schema_id: "default",
            traits: traitsOf(email),
            metadata_public: { locale },
            metadata_admin: {
              migration: { source: "old-shop", imported_at: new Date().toISOString() },
            },
            verifiable_addresses: [
              { value: email, verified: true, via: "email", status: "completed" },
            ],
            ...(credentials ? { credentials } : {}),
          },
        },
      ],
    },
  });
  expect(result.identities?.[0]?.action).toBe("create");
  return result.identities![0]!.identity!;
}

async function recoveryEmail(email: string): Promise<{ subject: string; body: string }> {
  const api = h.native();
  const flow = await api.createNativeRecoveryFlow();
  await api.updateRecoveryFlow({
    flow: flow.id,
    updateRecoveryFlowBody: { method: "code", email },
  });
  await h.codeFor(email);
  const messages = await h.courierApi().listCourierMessages({ recipient: email });
  const message = messages.find((m) => m.template_type === "recovery_code_valid");
  expectSchema("message", message);
  return { subject: message!.subject, body: message!.body };
}

describe("recovery for customers who need migration", () => {
  it("says the account has moved, in German and English, as recovery_code_valid", async () => {
    const germanEmail = uniqueEmail("moved-de");
    await importCustomer(germanEmail);
    const german = await recoveryEmail(germanEmail);
    expect(german.subject).toMatch(/^Dein Kundenkonto ist umgezogen: dein Code \d{6}$/);
    expect(german.body).toContain("neues Passwort");

    const englishEmail = uniqueEmail("moved-en");
    await importCustomer(englishEmail, undefined, "en");
    const english = await recoveryEmail(englishEmail);
    expect(english.subject).toMatch(/^Your account has moved: your code \d{6}$/);
  });

  it("keeps the usual email for imported customers who have a password", async () => {
    const email = uniqueEmail("has-hash");
    await importCustomer(email, { password: { config: { password: "Farn-und-Moos-1" } } });
    const { subject } = await recoveryEmail(email);
    expect(subject).toMatch(/^Dein Code zum Zurücksetzen deines Passworts: \d{6}$/);
  });
});

/** What a browser sees of its identifier-first sign-in with `email`: both steps' answers. */
async function signInAttempt(email: string): Promise<{ steps: Json[]; browser: Browser }> {
  const browser = h.browser();
  const flow = await browser.api.createBrowserLoginFlow();
  const steps: Json[] = [];
  for (const step of [
    { method: "identifier_first", identifier: email },
    { method: "password", identifier: email, password: "Irgendein-Passwort-1" },
  ] as const) {
    const answer = await failure(
      browser.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { ...step, csrf_token: csrfOf(flow) },
      }),
    );
    expectSchema("loginFlow", answer.json);
    steps.push({ status: answer.status, ...answer.json });
  }
  return { steps, browser };
}

/** A flow's answer without what differs for every flow and address: ids, times, the address. */
function comparable(answer: Json, email: string): string {
  const { id, issued_at, expires_at, created_at, updated_at, request_url, ...rest } = answer;
  return JSON.stringify(rest)
    .replaceAll(id, "<flow>")
    .replaceAll(email, "<email>")
    .replace(/"csrf_token","type":"hidden","value":"[^"]+"/g, '"csrf_token","type":"hidden"');
}

describe("sign-in of customers who need migration", () => {
  it("answers alike for an imported, a registered and an unknown address; only the imported one gets the way to User migration", async () => {
    const registered = uniqueEmail("registered");
    await createAccount(h, registered);
    const unknown = uniqueEmail("unknown");
    const imported = uniqueEmail("imported");
    await importCustomer(imported);
    const mark = h.mails.length;

    // Imported last: its email arriving means the other two jobs have run (in order).
    const attempts: { email: string; steps: Json[]; browser: Browser }[] = [];
    for (const email of [registered, unknown, imported]) {
      attempts.push({ email, ...(await signInAttempt(email)) });
    }
    for (const step of [0, 1]) {
      const answers = attempts.map((a) => comparable(a.steps[step]!, a.email));
      expect(new Set(answers).size).toBe(1);
    }
    const [password] = attempts[2]!.steps.slice(1);
    expect(password!.status).toBe(400);
    expect(password!.ui.messages.map((m: Json) => m.id)).toEqual([4000006]);

    const code = await h.codeFor(imported, { after: mark });
    const mail = await deliveredMail(h, imported, /^Dein Kundenkonto ist umgezogen: dein Code/);
    expect(mail.text).toContain(code);
    const to = h.mails.slice(mark).map((m) => m.to);
    expect(to.filter((address) => attempts.some((a) => a.email === address))).toEqual([imported]);
    const link = mail.text?.match(/http:\/\/shop\.example\/migration\?flow=([0-9a-f-]{36})/);
    expect(link).not.toBeNull();

    // The link's flow is the trying browser's: it shows the code step there, and only there.
    const { browser } = attempts[2]!;
    const recovery = await browser.api.getRecoveryFlow({ id: link![1]! });
    expect(recovery.state).toBe("sent_email");
    const elsewhere = await failure(h.browser().api.getRecoveryFlow({ id: recovery.id }));
    expect(elsewhere.json.error.id).toBe("security_csrf_violation");
    const accepted = await failure(
      browser.api.updateRecoveryFlow({
        flow: recovery.id,
        updateRecoveryFlowBody: { method: "code", code, csrf_token: csrfOf(recovery) },
      }),
    );
    expect(accepted.status).toBe(422);
    expect(accepted.json.error.id).toBe("browser_location_change_required");
  });

  it("sends one email while its code is valid, however often a password is tried", async () => {
    const imported = uniqueEmail("tries");
    await importCustomer(imported, undefined, "en");
    const mark = h.mails.length;
    await signInAttempt(imported);
    await h.codeFor(imported, { after: mark });
    const second = uniqueEmail("second");
    await importCustomer(second);
    await signInAttempt(imported);
    await signInAttempt(second);
    // The second customer's email comes after the first customer's second job has run.
    await h.codeFor(second, { after: mark });
    const to = h.mails.slice(mark).map((m) => m.to);
    expect(to.filter((address) => address === imported || address === second)).toEqual([
      imported,
      second,
    ]);
    await deliveredMail(h, imported, /^Your account has moved: your code \d{6}$/);
  });

  it("leads there from Forgot your password? too", async () => {
    const imported = uniqueEmail("forgot");
    await importCustomer(imported);
    const browser = h.browser();
    const flow = await browser.api.createBrowserRecoveryFlow();
    await browser.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", email: imported, csrf_token: csrfOf(flow) },
    });
    const mail = await deliveredMail(h, imported, /^Dein Kundenkonto ist umgezogen/);
    expect(mail.text).toContain(`${migrationUiUrl}?flow=${flow.id}`);
  });
});

describe("password migration hook", () => {
  it("asks the old shop once, stores the password as argon2id and never asks again", async () => {
    const email = uniqueEmail("hook");
    const id = await importCustomer(email, {
      password: { config: { use_password_migration_hook: true } },
    });
    const before = asked.length;

    const wrong = await signInNative(h, email, "Falsches-Passwort-1").catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ResponseError);
    const failure = (await (wrong as ResponseError).response.json()) as Json;
    expect(failure.ui.messages.map((m: Json) => m.id)).toContain(4000006);
    expect(asked.slice(before)).toEqual([
      { identifier: email, password: "Falsches-Passwort-1", auth: "Bearer old-shop-key" },
    ]);

    await signInNative(h, email, oldShopPassword);
    expect(asked.length).toBe(before + 2);
    const stored = await h.app.deps.persistence.identities.getIdentity(id);
    const config = stored?.credentials.find((c) => c.type === "password")?.config ?? {};
    expect(String(config.hashed_password)).toMatch(/^\$argon2id\$/);
    expect(config.use_password_migration_hook).toBeUndefined();

    await signInNative(h, email, oldShopPassword);
    await expect(signInNative(h, email, "Falsches-Passwort-1")).rejects.toBeInstanceOf(
      ResponseError,
    );
    expect(asked.length).toBe(before + 2);
  });
});

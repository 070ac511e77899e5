import { createServer, type Server } from "node:http";
import { ResponseError } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { type Json, signInNative, traitsOf, uniqueEmail } from "./account-helpers.ts";

// User migration (docs/newsletter-deletion-migration.md#customers-who-need-migration): the "your account has moved" recovery email for customers imported
// without a password, and Kratos's password migration hook asking the old shop once.

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

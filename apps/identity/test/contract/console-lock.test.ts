import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../support/harness.ts";
import { type SocialHarness, startSocialHarness } from "../support/social.ts";
import { harnessWithWebauthn } from "../support/webauthn-config.ts";
import { csrfOf, failure, type Json, password, request } from "./account-helpers.ts";
import {
  change,
  consoleCall,
  createCustomer,
  createStaff,
  type Staff,
  withConsole,
} from "./console-helpers.ts";
import {
  accountWithAuthenticator,
  ceremonyOptionsOf,
  submitLogin,
  whoami,
} from "./second-factor-helpers.ts";
import { flowIdOf, messageIds, viaProvider } from "./social-helpers.ts";

// docs/console.md#locking-an-account: a locked customer signs in by no method (password, email
// code, passkey, Google, a recovery code) and is told 4901001, "contact our customer service";
// their sessions end with the lock; the refusal comes only after the credential was right, so
// nobody else learns that the account is locked. Unlocked, everything works again.

let s: SocialHarness;
let support: Staff;
beforeAll(async () => {
  s = await startSocialHarness(
    withConsole({
      selfservice: {
        ...harnessWithWebauthn.selfservice,
        methods: {
          ...harnessWithWebauthn.selfservice.methods,
          code: { passwordless_enabled: true },
        },
      },
    }),
  );
  support = await createStaff(s.h, "support");
});
afterAll(async () => s?.close());

const lockedMessage = 4901001;

async function lock(id: string): Promise<void> {
  const locked = await change(s.h, support, id, "lock", { until: null });
  expect(locked.status).toBe(200);
}

async function passwordLogin(b: Browser, email: string, secret = password) {
  const flow = (await (
    await request(b, `${s.h.publicUrl}/self-service/login/browser`)
  ).json()) as Json;
  return submitLogin(s.h, b, flow, { method: "password", identifier: email, password: secret });
}

describe("a locked account", () => {
  it("refuses the right password with 4901001, and a wrong one as always", async () => {
    const customer = await createCustomer(s.h, { prefix: "locked-pw" });
    const signedIn = s.h.browser();
    expect((await passwordLogin(signedIn, customer.email)).status).toBe(200);
    await lock(customer.id);

    // The session it had ended with the lock.
    expect((await whoami(s.h, signedIn)).status).toBe(401);
    const right = await passwordLogin(s.h.browser(), customer.email);
    expect(right.status).toBe(400);
    expect(messageIds(right.json)).toEqual([lockedMessage]);
    expect(JSON.stringify(right.json)).not.toContain(password);
    // A wrong password says nothing about the lock.
    const wrong = await passwordLogin(s.h.browser(), customer.email, "Falsch-2026-Passwort");
    expect(messageIds(wrong.json)).toEqual([4000006]);

    const unlocked = await change(s.h, support, customer.id, "unlock");
    expect(unlocked.status).toBe(200);
    expect((await passwordLogin(s.h.browser(), customer.email)).status).toBe(200);
  });

  it("refuses a sign-in by email code after the right code", async () => {
    const customer = await createCustomer(s.h, { prefix: "locked-code" });
    await lock(customer.id);
    const b = s.h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const mark = s.h.mails.length;
    await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: "code",
          identifier: customer.email,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    const code = await s.h.codeFor(customer.email, { after: mark });
    const refused = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "code", code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(refused.status).toBe(400);
    expect(messageIds(refused.json)).toEqual([lockedMessage]);
    expect((await whoami(s.h, b)).status).toBe(401);
  });

  it("refuses a recovery code: no session, no settings flow", async () => {
    const customer = await createCustomer(s.h, { prefix: "locked-recovery" });
    await lock(customer.id);
    const b = s.h.browser();
    const flow = await b.api.createBrowserRecoveryFlow();
    const mark = s.h.mails.length;
    await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), email: customer.email },
    });
    const code = await s.h.codeFor(customer.email, { after: mark });
    const refused = await failure(
      b.api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), code },
      }),
    );
    expect(refused.status).toBe(400);
    expect(messageIds(refused.json)).toEqual([lockedMessage]);
    expect((await whoami(s.h, b)).status).toBe(401);
  });

  it("refuses a passkey", async () => {
    const { email, key } = await accountWithAuthenticator(s.h, "locked-passkey", (flow, k) => ({
      passkey_settings_register: k.register(ceremonyOptionsOf(flow, "passkey_create_data")),
    }));
    const id = String(
      (await s.h.identityApi().listIdentities({ credentialsIdentifier: email }))[0]?.id,
    );
    await lock(id);
    const b = s.h.browser();
    const flow = (await (
      await request(b, `${s.h.publicUrl}/self-service/login/browser`)
    ).json()) as Json;
    const refused = await submitLogin(s.h, b, flow, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(flow, "passkey_challenge")),
    });
    expect(refused.status).toBe(400);
    expect(messageIds(refused.json)).toEqual([lockedMessage]);
    expect((await whoami(s.h, b)).status).toBe(401);
  });

  it("refuses Google: the callback shows the message on the login screen", async () => {
    const first = s.h.browser();
    expect((await viaProvider(first, "google", { person: "lena" }, "registration")).status).toBe(
      303,
    );
    const id = (await first.api.toSession()).identity!.id;
    await lock(id);
    expect((await whoami(s.h, first)).status).toBe(401);

    const b = s.h.browser();
    const res = await viaProvider(b, "google", { person: "lena" });
    const flow = await b.api.getLoginFlow({ id: flowIdOf(res) });
    expect(messageIds(flow as unknown as Json)).toEqual([lockedMessage]);
    expect((await whoami(s.h, b)).status).toBe(401);
  });

  it("lapses at its end date: locked until then, not after", async () => {
    const customer = await createCustomer(s.h, { prefix: "locked-until" });
    const until = new Date(Date.now() + 60 * 60_000);
    expect(
      (await change(s.h, support, customer.id, "lock", { until: until.toISOString() })).status,
    ).toBe(200);
    expect((await passwordLogin(s.h.browser(), customer.email)).status).toBe(400);
    const page = await consoleCall(s.h, support, "GET", `/customers/${customer.id}`);
    expect(page.json.lock).toMatchObject({ locked: true, until: until.toISOString() });
    // An hour later (the service's clock moved on), the lock is over by itself.
    const deps = s.h.app.deps as { now: () => Date };
    const realNow = deps.now;
    deps.now = () => new Date(until.getTime() + 1000);
    try {
      expect((await passwordLogin(s.h.browser(), customer.email)).status).toBe(200);
    } finally {
      deps.now = realNow;
    }
  });
});

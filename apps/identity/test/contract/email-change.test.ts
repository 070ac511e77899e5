import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Harness } from "../support/harness.ts";
import { startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { browserSignIn, call, deliveredMail, linkToken, outboxMails } from "../support/safety.ts";
import {
  createAccount,
  csrfOf,
  type Json,
  password,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// The safe email change (docs/account-safety.md#safe-email-change): a new login address counts only once the code sent to it
// comes back; the old address is told and can undo a completed change for 7 days.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const names = (flow: Json): string[] =>
  flow.ui.nodes
    .filter((n: Json) => n.group === "profile" && n.attributes.id !== undefined)
    .map((n: Json) => n.attributes.id)
    .concat(
      flow.ui.nodes
        .filter((n: Json) => String(n.attributes.name ?? "").startsWith("email_change"))
        .map((n: Json) => n.attributes.name),
    );
const messageIds = (flow: Json): number[] => (flow.ui.messages ?? []).map((m: Json) => m.id);

interface Customer {
  email: string;
  identity: Json;
  browser: Browser;
  flow: Json;
  submit(body: Json): Promise<{ status: number; flow: Json }>;
}

async function customer(prefix: string): Promise<Customer> {
  const email = uniqueEmail(prefix);
  const identity = await createAccount(h, email);
  const browser = h.browser();
  expect(await browserSignIn(h, browser, email)).toBe(200);
  const flow = (await (await call(h, browser, "/self-service/settings/browser")).json()) as Json;
  return {
    email,
    identity,
    browser,
    flow,
    async submit(body) {
      const response = await call(h, browser, `/self-service/settings?flow=${flow.id}`, {
        method: "POST",
        body: { csrf_token: csrfOf(flow), ...body },
      });
      return { status: response.status, flow: (await response.json()) as Json };
    },
  };
}

const requestChange = (c: Customer, address: string) =>
  c.submit({ method: "profile", traits: traitsOf(address, "Lea", "Farn") });

async function signInStatus(email: string): Promise<number> {
  return browserSignIn(h, h.browser(), email);
}

describe("requesting a change", () => {
  it("saves the other traits, waits for the code and tells the old address; sign-in stays as it was", async () => {
    const c = await customer("request");
    const newEmail = uniqueEmail("request-new");
    const { status, flow } = await requestChange(c, newEmail);
    expect(status).toBe(200);
    expectSchema("settingsFlow", flow);
    expect(flow.state).toBe("show_form");
    expect(messageIds(flow)).toEqual([1050001, 1905005]);
    expect(flow.ui.messages[1].context).toEqual({ new_address: newEmail });
    expect(names(flow)).toEqual([
      "email_change_pending",
      "email_change_code",
      "email_change_confirm",
      "email_change_resend",
      "email_change_cancel",
    ]);
    const pending = flow.ui.nodes.find((n: Json) => n.attributes.id === "email_change_pending");
    expect(pending.attributes.text).toMatchObject({
      id: 1905001,
      context: { new_address: newEmail, old_address: c.email },
    });
    expect(flow.identity.traits).toMatchObject({ email: c.email, name: { first: "Lea" } });

    const code = await deliveredMail(
      h,
      newEmail,
      /^Dein Code für deine neue E-Mail-Adresse: \d{6}$/,
    );
    expect(code.text).toContain(newEmail);
    const told = await deliveredMail(
      h,
      c.email,
      /^Deine E-Mail-Adresse bei Moos soll geändert werden$/,
    );
    expect(told.text).toContain(newEmail);
    expect(told.text).toContain("/security/not-me?token=");

    expect(await signInStatus(newEmail)).toBe(400);
    expect(await signInStatus(c.email)).toBe(200);
  });

  it("refuses a throwaway address on its field, sends nothing and keeps the account as it was", async () => {
    const c = await customer("throwaway");
    const mails = async (recipient: string): Promise<number> =>
      (await h.courierApi().listCourierMessages({ recipient })).length;
    const toOld = await mails(c.email);
    const { status, flow } = await requestChange(c, "lea@mailinator.com");
    expect(status).toBe(400);
    expectSchema("settingsFlow", flow);
    const field = flow.ui.nodes.find((n: Json) => n.attributes.name === "traits.email");
    expect(field.attributes.value).toBe("lea@mailinator.com");
    expect(field.messages).toEqual([
      expect.objectContaining({
        id: 4900002,
        type: "error",
        context: { domain: "mailinator.com" },
      }),
    ]);
    expect(names(flow)).not.toContain("email_change_pending");
    expect(await mails("lea@mailinator.com")).toBe(0);
    expect(await mails(c.email)).toBe(toOld);
    expect(await signInStatus(c.email)).toBe(200);
  });

  it("answers a taken address like any other, and sends the code there", async () => {
    const taken = uniqueEmail("taken");
    await createAccount(h, taken);
    const c = await customer("taken-by");
    const { status, flow } = await requestChange(c, taken);
    expect(status).toBe(200);
    expect(messageIds(flow)).toEqual([1050001, 1905005]);
    await deliveredMail(h, taken, /^Dein Code für deine neue E-Mail-Adresse/);
  });

  it("is refused without a recent sign-in", async () => {
    const c = await customer("stale");
    const now = h.app.deps.now;
    h.app.deps.now = () => new Date(now().getTime() + 20 * 60_000);
    try {
      const { status, flow } = await requestChange(c, uniqueEmail("stale-new"));
      expect(status).toBe(403);
      expect(flow.error.id).toBe("session_refresh_required");
    } finally {
      h.app.deps.now = now;
    }
  });
});

describe("confirming, sending again, cancelling", () => {
  it("counts wrong codes, takes a new one after a resend, then changes the login address", async () => {
    const c = await customer("confirm");
    const newEmail = uniqueEmail("confirm-new");
    await requestChange(c, newEmail);
    const first = await h.codeFor(newEmail);

    const wrong = await c.submit({ email_change_confirm: "true", email_change_code: "000000" });
    expect(wrong.status).toBe(400);
    const codeNode = wrong.flow.ui.nodes.find(
      (n: Json) => n.attributes.name === "email_change_code",
    );
    expect(codeNode.messages.map((m: Json) => m.id)).toEqual([4070006]);
    const empty = await c.submit({ email_change_confirm: "true", email_change_code: "" });
    expect(empty.status).toBe(400);

    const mails = h.mails.length;
    const resent = await c.submit({ email_change_resend: "true" });
    expect(resent.status).toBe(200);
    expect(messageIds(resent.flow)).toEqual([1905005]);
    const second = await h.codeFor(newEmail, { after: mails });
    expect(
      (await c.submit({ email_change_confirm: "true", email_change_code: first })).status,
    ).toBe(first === second ? 200 : 400);

    const done = await c.submit({ email_change_confirm: "true", email_change_code: second });
    expect(done.status).toBe(200);
    expect(done.flow.state).toBe("success");
    expect(done.flow.ui.messages[0]).toMatchObject({
      id: 1905003,
      type: "success",
      context: { new_address: newEmail, old_address: c.email },
    });
    expect(names(done.flow)).toEqual([]);
    expect(done.flow.identity.traits.email).toBe(newEmail);
    expect(done.flow.identity.verifiable_addresses[0]).toMatchObject({
      value: newEmail,
      verified: true,
    });

    expect(await signInStatus(newEmail)).toBe(200);
    expect(await signInStatus(c.email)).toBe(400);
    const completed = await outboxMails(h, c.email, "security_notice");
    expect(completed.at(-1)?.subject).toBe("Die E-Mail-Adresse deines Moos-Kontos wurde geändert");
    expect(completed.at(-1)?.body).toContain("/security/undo-email-change?token=");
    expect(completed.at(-1)?.body).toContain("Der Link ist 7 Tage gültig.");
  });

  it("stops taking codes after too many wrong ones", async () => {
    const c = await customer("tries");
    await requestChange(c, uniqueEmail("tries-new"));
    for (let i = 0; i < 5; i++)
      await c.submit({ email_change_confirm: "true", email_change_code: "000000" });
    const refused = await c.submit({ email_change_confirm: "true", email_change_code: "000000" });
    expect(messageIds(refused.flow)).toEqual([4905002]);
  });

  it("cancels: the waiting change and its form are gone", async () => {
    const c = await customer("cancel");
    const newEmail = uniqueEmail("cancel-new");
    await requestChange(c, newEmail);
    const cancelled = await c.submit({ email_change_cancel: "true" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.flow.state).toBe("success");
    expect(cancelled.flow.ui.messages[0]).toMatchObject({
      id: 1905004,
      context: { old_address: c.email },
    });
    expect(names(cancelled.flow)).toEqual([]);
    const late = await c.submit({
      email_change_confirm: "true",
      email_change_code: await h.codeFor(newEmail),
    });
    expect(late.status).toBe(400);
    expect(messageIds(late.flow)).toEqual([4905001]);
  });

  it("lets a waiting change run out after its lifespan (24 h)", async () => {
    const c = await customer("expire");
    const newEmail = uniqueEmail("expire-new");
    await requestChange(c, newEmail);
    const code = await h.codeFor(newEmail);
    const now = h.app.deps.now;
    h.app.deps.now = () => new Date(now().getTime() + 25 * 60 * 60_000);
    try {
      // The settings flow lives an hour: a day later the customer opens settings anew.
      const flow = (await (
        await call(h, c.browser, "/self-service/settings/browser")
      ).json()) as Json;
      expect(names(flow)).toEqual([]);
      const late = await call(h, c.browser, `/self-service/settings?flow=${flow.id}`, {
        method: "POST",
        body: { csrf_token: csrfOf(flow), email_change_confirm: "true", email_change_code: code },
      });
      expect(messageIds((await late.json()) as Json)).toEqual([4905001]);
    } finally {
      h.app.deps.now = now;
    }
  });

  it("works for an app's settings flow with a session token, in the same nodes and messages", async () => {
    const email = uniqueEmail("app");
    await createAccount(h, email);
    const token = await signInNative(h, email);
    const headers = { "x-session-token": token, accept: "application/json" };
    const flow = (await (
      await fetch(`${h.publicUrl}/self-service/settings/api`, { headers })
    ).json()) as Json;
    const post = async (body: Json): Promise<Json> =>
      (await (
        await fetch(`${h.publicUrl}/self-service/settings?flow=${flow.id}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json()) as Json;
    const newEmail = uniqueEmail("app-new");
    const requested = await post({ method: "profile", traits: traitsOf(newEmail) });
    expect(messageIds(requested)).toEqual([1905005]);
    expect(names(requested)).toContain("email_change_confirm");
    const done = await post({
      email_change_confirm: "true",
      email_change_code: await h.codeFor(newEmail),
    });
    expect(done.state).toBe("success");
    expect(messageIds(done)).toEqual([1905003]);
    expect(await signInNative(h, newEmail, password)).toMatch(/^ory_st_/);
  });
});

describe("undoing a completed change from the old address", () => {
  it("restores the old address, ends every session and starts recovery for the old address", async () => {
    const c = await customer("undo");
    const newEmail = uniqueEmail("undo-new");
    await requestChange(c, newEmail);
    await c.submit({ email_change_confirm: "true", email_change_code: await h.codeFor(newEmail) });
    const token = linkToken((await outboxMails(h, c.email, "security_notice")).at(-1)!.body);
    const newSession = h.browser();
    expect(await browserSignIn(h, newSession, newEmail)).toBe(200);

    const mailbox = h.browser();
    const described = (await (
      await call(h, mailbox, `/self-service/security/links?token=${token}`)
    ).json()) as Json;
    expect(described).toMatchObject({
      kind: "undo_email_change",
      event: {
        type: "email_change_completed",
        details: { old_address: c.email, new_address: newEmail },
      },
    });
    const mails = h.mails.length;
    const undone = await call(h, mailbox, "/self-service/security/links", {
      method: "POST",
      body: { token },
    });
    expect(undone.status).toBe(200);
    const recoveryId = ((await undone.json()) as Json).continue_with[0].flow.id as string;

    expect((await call(h, c.browser, "/sessions/whoami")).status).toBe(401);
    expect((await call(h, newSession, "/sessions/whoami")).status).toBe(401);
    const recovery = (await (
      await call(h, mailbox, `/self-service/recovery/flows?id=${recoveryId}`)
    ).json()) as Json;
    expect(recovery.state).toBe("sent_email");
    expect(await h.codeFor(c.email, { after: mails })).toMatch(/^\d{6}$/);
    expect(await signInStatus(c.email)).toBe(200);
    expect(await signInStatus(newEmail)).toBe(400);
    const identity = (await (
      await fetch(`${h.adminUrl}/admin/identities/${c.identity.id}`, {
        headers: { authorization: `Bearer ${h.adminToken}` },
      })
    ).json()) as Json;
    expect(identity.verifiable_addresses).toMatchObject([{ value: c.email, verified: true }]);
    expect(
      (await call(h, mailbox, "/self-service/security/links", { method: "POST", body: { token } }))
        .status,
    ).toBe(404);
  });
});

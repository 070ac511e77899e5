import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  browserSignIn,
  call,
  deliveredMail,
  firefoxOnWindows,
  linkToken,
  outboxMails,
} from "../support/safety.ts";
import {
  createAccount,
  csrfOf,
  type Json,
  password,
  signInBrowser,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// Account safety (docs/account-safety.md): security notices for new devices and changes, the account activity, "This wasn't
// me", and that trusted devices are recognised. The safe email change has its own file.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const notices = (email: string) => outboxMails(h, email, "security_notice");

describe("sign-in notices and trusted devices", () => {
  it("tells a new device's sign-in once, by email with device, address and link; a known device's never", async () => {
    const email = uniqueEmail("device");
    await createAccount(h, email);
    const laptop = h.browser();
    expect(await browserSignIn(h, laptop, email)).toBe(200);
    expect(await notices(email)).toHaveLength(1);

    const mail = await deliveredMail(h, email, /^Neue Anmeldung bei deinem Moos-Konto$/);
    expect(mail.text).toContain("Gerät: Firefox auf Windows");
    expect(mail.text).toContain("IP-Adresse: 127.0.0.1");
    expect(mail.text).toMatch(/Wann: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} MES?Z/);
    expect(mail.html).toContain(">Das war ich nicht</a>");
    expect(mail.text).toContain("http://localhost:3000/security/not-me?token=");

    // Signed out, then in again from the same browser: its device cookie is known.
    laptop.jar.cookies.delete("ory_kratos_session");
    expect(await browserSignIn(h, laptop, email)).toBe(200);
    expect(await notices(email)).toHaveLength(1);

    // Another browser is new.
    expect(await browserSignIn(h, h.browser(), email)).toBe(200);
    expect(await notices(email)).toHaveLength(2);
  });

  it("sends nothing for a wrong password, and no device cookie", async () => {
    const email = uniqueEmail("wrong");
    await createAccount(h, email);
    const browser = h.browser();
    expect(await browserSignIn(h, browser, email, { password: "Falsch-2026-falsch" })).toBe(400);
    expect(await notices(email)).toHaveLength(0);
    expect([...browser.jar.cookies.keys()]).not.toContain("moos_device");
  });

  it("knows an app by its X-Moos-Device header; without one every app sign-in is new", async () => {
    const email = uniqueEmail("app");
    await createAccount(h, email);
    const signIn = async (device?: string): Promise<void> => {
      const flow = (await (
        await fetch(`${h.publicUrl}/self-service/login/api`, {
          headers: { accept: "application/json" },
        })
      ).json()) as Json;
      const response = await fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(device ? { "x-moos-device": device } : {}),
        },
        body: JSON.stringify({ method: "password", identifier: email, password }),
      });
      expect(response.status).toBe(200);
    };
    const device = "app0device0id0that0stays0the0same0A1";
    await signIn(device);
    await signIn(device);
    expect(await notices(email)).toHaveLength(1);
    await signIn();
    await signIn();
    expect(await notices(email)).toHaveLength(3);
  });

  it("a registration trusts the browser that made the account", async () => {
    const email = uniqueEmail("register");
    const browser = h.browser();
    const flow = (await (
      await call(h, browser, "/self-service/registration/browser")
    ).json()) as Json;
    const registered = await call(h, browser, `/self-service/registration?flow=${flow.id}`, {
      method: "POST",
      body: { method: "password", password, traits: traitsOf(email), csrf_token: csrfOf(flow) },
    });
    expect(registered.status).toBe(200);
    expect(browser.jar.cookies.get("moos_device")).toMatch(/^[A-Za-z0-9]{43}$/);
    // Verified (the login hook asks for it), signed out, then in again: a known device.
    const { continue_with } = (await registered.json()) as Json;
    const verification = continue_with.find((c: Json) => c.action === "show_verification_ui");
    const verified = await call(
      h,
      browser,
      `/self-service/verification?flow=${verification.flow.id}`,
      {
        method: "POST",
        body: { method: "code", code: await h.codeFor(email) },
      },
    );
    expect(verified.status).toBe(200);
    browser.jar.cookies.delete("ory_kratos_session");
    expect(await browserSignIn(h, browser, email)).toBe(200);
    expect(await notices(email)).toHaveLength(0);
  });
});

describe("a trusted device unused for the lifespan", () => {
  let short: Harness;
  beforeAll(async () => {
    // A lifespan shorter than any sign-in takes (its argon2id verify alone takes milliseconds).
    short = await startHarness({ security: { trusted_devices: { lifespan: "1ms" } } });
  });
  afterAll(async () => short?.close());

  it("is new again: every app sign-in after it gets a notice", async () => {
    const email = uniqueEmail("stale");
    await createAccount(short, email);
    const device = "app0device0that0waits0too0long0B2";
    for (let i = 0; i < 2; i++) {
      const flow = (await (
        await fetch(`${short.publicUrl}/self-service/login/api`, {
          headers: { accept: "application/json" },
        })
      ).json()) as Json;
      const response = await fetch(`${short.publicUrl}/self-service/login?flow=${flow.id}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-moos-device": device,
        },
        body: JSON.stringify({ method: "password", identifier: email, password }),
      });
      expect(response.status).toBe(200);
    }
    expect(await outboxMails(short, email, "security_notice")).toHaveLength(2);
  });
});

describe("account activity", () => {
  it("lists the events newest first with device and time, failed sign-ins per day, for the customer and the admin API", async () => {
    const email = uniqueEmail("activity");
    const identity = await createAccount(h, email);
    const browser = h.browser();
    await browserSignIn(h, browser, email, { password: "Falsch-2026-falsch" });
    await browserSignIn(h, browser, email, { password: "Falsch-2026-falsch" });
    await browserSignIn(h, browser, email);
    const other = await signInBrowser(h, email);

    const flow = await browser.api.createBrowserSettingsFlow();
    const changed = await call(h, browser, `/self-service/settings?flow=${flow.id}`, {
      method: "POST",
      body: { method: "password", password: "Neues-Moos-Passwort-7", csrf_token: csrfOf(flow) },
    });
    expect(changed.status).toBe(200);
    expect((await notices(email)).map((n) => n.subject)).toEqual([
      "Neue Anmeldung bei deinem Moos-Konto",
      "Neue Anmeldung bei deinem Moos-Konto",
      "Dein Moos-Passwort wurde geändert",
    ]);

    const response = await call(h, browser, "/self-service/security/activity");
    expect(response.status).toBe(200);
    const activity = (await response.json()) as Json;
    expect(activity.events.map((e: Json) => e.type)).toEqual([
      "password_changed",
      "login_new_device",
      "login_new_device",
      "login_failed",
    ]);
    expect(activity.events[0]).toMatchObject({
      browser: "Firefox",
      os: "Windows",
      ip_address: "127.0.0.1",
    });
    expect(activity.events[3]).toMatchObject({
      count: 2,
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(activity.sessions).toHaveLength(2);
    expect(activity.sessions[0]).toMatchObject({
      current: true,
      browser: "Firefox",
      os: "Windows",
    });
    expect(activity.sessions[0].last_active_at).toEqual(expect.any(String));
    expect(other).toBeDefined();

    const admin = await fetch(`${h.adminUrl}/admin/identities/${identity.id}/security-events`, {
      headers: { authorization: `Bearer ${h.adminToken}`, accept: "application/json" },
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as Json[]).map((e) => e.type)).toEqual(
      activity.events.map((e: Json) => e.type),
    );
    expect((await call(h, h.browser(), "/self-service/security/activity")).status).toBe(401);
  });
});

describe("This wasn't me", () => {
  it("describes the link, then ends every session, forgets the device and starts recovery, once", async () => {
    const email = uniqueEmail("notme");
    await createAccount(h, email);
    const thief = h.browser();
    await browserSignIn(h, thief, email);
    const owner = await signInBrowser(h, email);
    const [notice] = await notices(email);
    const token = linkToken(notice!.body);

    const described = await call(h, owner, `/self-service/security/links?token=${token}`);
    expect(described.status).toBe(200);
    expect(await described.json()).toMatchObject({
      kind: "not_me",
      event: { type: "login_new_device", browser: "Firefox", os: "Windows" },
    });

    const confirmed = await call(h, owner, "/self-service/security/links", {
      method: "POST",
      body: { token },
    });
    expect(confirmed.status).toBe(200);
    const answer = (await confirmed.json()) as Json;
    expect(answer.continue_with[0]).toMatchObject({ action: "show_recovery_ui" });
    const recoveryId = answer.continue_with[0].flow.id as string;
    expect(answer.continue_with[0].flow.url).toBe(
      `http://localhost:3000/recovery?flow=${recoveryId}`,
    );

    expect((await call(h, thief, "/sessions/whoami")).status).toBe(401);
    expect((await call(h, owner, "/sessions/whoami")).status).toBe(401);
    const recovery = (await (
      await call(h, owner, `/self-service/recovery/flows?id=${recoveryId}`)
    ).json()) as Json;
    expect(recovery.state).toBe("sent_email");
    const code = await h.codeFor(email);
    const recovered = await call(h, owner, `/self-service/recovery?flow=${recoveryId}`, {
      method: "POST",
      body: { method: "code", code, csrf_token: csrfOf(recovery) },
    });
    expect(recovered.status).toBe(422);
    expect(((await recovered.json()) as Json).redirect_browser_to).toContain("/settings?flow=");

    // The thief's browser was forgotten: its next sign-in is new again.
    const before = (await notices(email)).length;
    thief.jar.cookies.delete("ory_kratos_session");
    await browserSignIn(h, thief, email);
    expect((await notices(email)).slice(before).map((n) => n.subject)).toContain(
      "Neue Anmeldung bei deinem Moos-Konto",
    );

    const again = await call(h, owner, "/self-service/security/links", {
      method: "POST",
      body: { token },
    });
    expect(again.status).toBe(404);
    expect((await call(h, owner, `/self-service/security/links?token=${token}`)).status).toBe(404);
    expect((await call(h, owner, "/self-service/security/links?token=short")).status).toBe(404);
  });
});

describe("recovery", () => {
  it("emails a code for a registered address and nothing for an unknown one, with the same answer", async () => {
    const email = uniqueEmail("recover");
    await createAccount(h, email);
    const unknown = uniqueEmail("nobody");
    const answers: Json[] = [];
    for (const address of [unknown, email]) {
      const api = h.native();
      const flow = await api.createNativeRecoveryFlow();
      const sent = await api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: "code", email: address },
      });
      answers.push({ state: sent.state, messages: sent.ui.messages?.map((m) => m.id) });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await h.codeFor(email)).toMatch(/^\d{6}$/);
    expect(h.mails.filter((m) => m.to === unknown)).toHaveLength(0);
    expect(firefoxOnWindows).toContain("Firefox");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  createAccount,
  csrfOf,
  failure,
  type Json,
  password,
  request,
  signInBrowser,
  signInNative,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  aal2LoginFlow,
  setUpTotp,
  signInFirstFactor,
  submitLogin,
  submitSettings,
  totpCode,
  whoami,
  with2fa,
} from "./second-factor-helpers.ts";

// Assurance levels (docs/protocol.md#authenticator-assurance-levels): `required_aal: highest_available` on whoami and
// settings, the login flow's aal2 step for apps, and recovery never skipping a second factor.

let h: Harness;
beforeAll(async () => {
  h = await startHarness(with2fa());
});
afterAll(async () => h?.close());

const settingsUi = "http://localhost:3000/settings";
const aal2Url = (base: string): string => `${base}/self-service/login/browser?aal=aal2`;

async function accountWithTotp(prefix: string): Promise<{ email: string; secret: string }> {
  const email = uniqueEmail(prefix);
  await createAccount(h, email);
  const { secret } = await setUpTotp(h, await signInBrowser(h, email));
  return { email, secret };
}

describe("settings with an aal1 session of an identity that has a second factor", () => {
  it("refuses init, read and submit with session_aal2_required (browsers: 303 to the aal2 step)", async () => {
    const { email, secret } = await accountWithTotp("aal-settings");
    // A settings flow made while aal2, then a new aal1 session of the same identity.
    const { browser } = await signInFirstFactor(h, email, password);

    const init = await failure(browser.api.createBrowserSettingsFlow());
    expect(init.status).toBe(403);
    expectSchema("errorGeneric", init.json);
    expect(init.json.error.id).toBe("session_aal2_required");
    expect(init.json.redirect_browser_to).toBe(aal2Url(h.publicUrl));
    expect(init.json.error.details.redirect_browser_to).toBe(aal2Url(h.publicUrl));

    const html = await request(
      browser,
      `${h.publicUrl}/self-service/settings/browser?return_to=${encodeURIComponent(settingsUi)}`,
      { accept: "text/html" },
    );
    expect(html.status).toBe(303);
    const target = new URL(html.headers.get("location")!);
    expect(`${target.origin}${target.pathname}`).toBe(`${h.publicUrl}/self-service/login/browser`);
    expect(target.searchParams.get("aal")).toBe("aal2");
    expect(target.searchParams.get("return_to")).toContain("/self-service/settings/browser");

    // Finish the second factor, make a flow, then fall back to aal1 with another sign-in.
    const flowAal2 = await aal2LoginFlow(h, browser);
    expect(
      (await submitLogin(h, browser, flowAal2, { method: "totp", totp_code: totpCode(secret, 1) }))
        .status,
    ).toBe(200);
    const settings = (await browser.api.createBrowserSettingsFlowRaw({})).raw;
    expect(settings.status).toBe(200);
    const flow = (await settings.json()) as Json;

    const aal1 = await signInFirstFactor(h, email, password);
    const read = await request(
      aal1.browser,
      `${h.publicUrl}/self-service/settings/flows?id=${flow.id}`,
    );
    // Another session cannot read this identity's flow at aal1 either.
    expect(read.status).toBe(403);
    const readJson = (await read.json()) as Json;
    expect(readJson.error.id).toBe("session_aal2_required");
    expect(new URL(readJson.redirect_browser_to).searchParams.get("return_to")).toBe(
      `${settingsUi}?flow=${flow.id}`,
    );
  });
});

describe("whoami", () => {
  it("answers 403 session_aal2_required with the aal2 step, keeping return_to", async () => {
    const { email } = await accountWithTotp("aal-whoami");
    const { browser } = await signInFirstFactor(h, email, password);
    const res = await whoami(h, browser, "?return_to=http%3A%2F%2Flocalhost%3A3000%2F");
    expect(res.status).toBe(403);
    expectSchema("errorGeneric", res.json);
    expect(res.json.error.id).toBe("session_aal2_required");
    expect(res.json.redirect_browser_to).toBe(
      `${aal2Url(h.publicUrl)}&return_to=http%3A%2F%2Flocalhost%3A3000%2F`,
    );
  });

  it("lets apps do the aal2 step with their session token", async () => {
    const { email, secret } = await accountWithTotp("aal-native");
    const token = await signInNative(h, email);
    const api = h.native();
    const denied = await failure(api.toSession({ xSessionToken: token }));
    expect(denied.status).toBe(403);
    expect(denied.json.error.id).toBe("session_aal2_required");

    const flow = await api.createNativeLoginFlow({ aal: "aal2", xSessionToken: token });
    expect(flow.requested_aal).toBe("aal2");
    const done = await api.updateLoginFlow({
      flow: flow.id,
      xSessionToken: token,
      updateLoginFlowBody: { method: "totp", totp_code: totpCode(secret, 1), csrf_token: "" },
    });
    expect(done.session.authenticator_assurance_level).toBe("aal2");
    const me = await api.toSession({ xSessionToken: token });
    expect(me.authenticator_assurance_level).toBe("aal2");
  });
});

describe("recovery", () => {
  it("never skips the second factor: the recovered session changes nothing before aal2", async () => {
    const { email, secret } = await accountWithTotp("aal-recovery");
    const b = h.browser();
    const flow = await b.api.createBrowserRecoveryFlow();
    const mark = h.mails.length;
    await b.api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), email },
    });
    const code = await h.codeFor(email, { after: mark });
    const res = await failure(
      b.api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), code },
      }),
    );
    expect(res.status).toBe(422);
    const settingsId = new URL(res.json.redirect_browser_to as string).searchParams.get("flow")!;

    const read = await failure(b.api.getSettingsFlow({ id: settingsId }));
    expect(read.status).toBe(403);
    expect(read.json.error.id).toBe("session_aal2_required");
    const back = new URL(read.json.redirect_browser_to as string);
    expect(back.searchParams.get("aal")).toBe("aal2");
    expect(back.searchParams.get("return_to")).toBe(`${settingsUi}?flow=${settingsId}`);

    // Changing the password right away is refused too.
    const submit = await request(b, `${h.publicUrl}/self-service/settings?flow=${settingsId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "password",
        password: "Ein-neues-Passwort-2026",
        csrf_token: csrfOf(await aal2LoginFlow(h, b)),
      }),
    });
    expect(submit.status).toBe(403);
    expect(((await submit.json()) as Json).error.id).toBe("session_aal2_required");

    const step = await aal2LoginFlow(h, b);
    const ok = await submitLogin(h, b, step, { method: "totp", totp_code: totpCode(secret, 1) });
    expect(ok.status).toBe(200);
    expect(ok.json.session.authentication_methods.map((m: { method: string }) => m.method)).toEqual(
      ["code_recovery", "totp"],
    );
    // The same flow now works, its CSRF token included: the aal2 step kept the CSRF secret.
    const settings = await b.api.getSettingsFlow({ id: settingsId });
    const changed = await b.api.updateSettingsFlow({
      flow: settingsId,
      updateSettingsFlowBody: {
        method: "password",
        password: "Ein-neues-Passwort-2026",
        csrf_token: csrfOf(settings),
      },
    });
    expect(changed.state).toBe("success");
  });
});

describe("required_aal: aal1", () => {
  it("accepts aal1 sessions on whoami and settings, and sign-in ends after the first factor", async () => {
    const relaxed = await startHarness({
      ...with2fa({ settings: { required_aal: "aal1" } }),
      session: { whoami: { required_aal: "aal1" } },
    });
    try {
      const email = uniqueEmail("aal1");
      await createAccount(relaxed, email);
      await setUpTotp(relaxed, await signInBrowser(relaxed, email));
      const { browser, status, json } = await signInFirstFactor(relaxed, email, password);
      expect(status).toBe(200);
      expect(json.session.authenticator_assurance_level).toBe("aal1");
      expect((await whoami(relaxed, browser)).status).toBe(200);
      expect((await browser.api.createBrowserSettingsFlowRaw({})).raw.status).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});

describe("privileged session", () => {
  it("unlinking TOTP needs a recent sign-in (session_refresh_required), then works", async () => {
    const email = uniqueEmail("unlink");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    await setUpTotp(h, browser);
    const realNow = h.app.deps.now;
    // Twenty minutes later: past privileged_session_max_age (15 minutes).
    h.app.deps.now = () => new Date(realNow().getTime() + 20 * 60 * 1000);
    try {
      const flow = (await (await browser.api.createBrowserSettingsFlowRaw({})).raw.json()) as Json;
      const refused = await submitSettings(h, browser, flow, { totp_unlink: true });
      expect(refused.status).toBe(403);
      expectSchema("errorGeneric", refused.json);
      expect(refused.json.error.id).toBe("session_refresh_required");
      const target = new URL(refused.json.redirect_browser_to);
      expect(target.searchParams.get("refresh")).toBe("true");

      const refresh = (await (
        await request(browser, `${h.publicUrl}/self-service/login/browser?refresh=true`)
      ).json()) as Json;
      const again = await submitLogin(h, browser, refresh, {
        method: "password",
        identifier: email,
        password,
      });
      expect(again.status).toBe(200);
      // Signing in again rotates the CSRF secret, so the UI starts a new settings flow.
      const fresh = (await (await browser.api.createBrowserSettingsFlowRaw({})).raw.json()) as Json;
      const unlinked = await submitSettings(h, browser, fresh, { totp_unlink: true });
      expect(unlinked.status).toBe(200);
      expect(unlinked.json.state).toBe("success");
      expect(unlinked.json.ui.nodes.some((n: Json) => n.attributes.id === "totp_qr")).toBe(true);
    } finally {
      h.app.deps.now = realNow;
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  createAccount,
  type Json,
  password,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  aal2LoginFlow,
  nodeKeys,
  nodeOf,
  secretOf,
  settingsFlow,
  setUpTotp,
  signInFirstFactor,
  submitLogin,
  submitSettings,
  totpCode,
  whoami,
  with2fa,
} from "./second-factor-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness(with2fa());
});
afterAll(async () => h?.close());

describe("TOTP in settings", () => {
  it("offers a QR code, the secret and a code field, and links on a valid code", async () => {
    const email = uniqueEmail("totp-setup");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const flow = await settingsFlow(browser);
    expect(nodeKeys(flow)).toEqual(
      expect.arrayContaining([
        "totp:totp_qr",
        "totp:totp_secret_key",
        "totp:totp_code",
        "lookup_secret:lookup_secret_regenerate",
      ]),
    );
    const qr = nodeOf(flow, "totp_qr")!;
    expect(qr.type).toBe("img");
    expect(qr.attributes.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.meta.label.id).toBe(1050005);
    const secretNode = nodeOf(flow, "totp_secret_key")!;
    expect(secretNode.type).toBe("text");
    expect(secretNode.attributes.text.id).toBe(1050006);
    const secret = secretOf(flow);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(nodeOf(flow, "totp_code")!.meta.label.id).toBe(1070006);
    const submit = flow.ui.nodes.find(
      (n: { attributes: { value?: string } }) => n.attributes.value === "totp",
    );
    expect(submit.attributes.type).toBe("submit");

    // The same flow keeps the same key when read again.
    const reread = (await (
      await browser.fetch(`${h.publicUrl}/self-service/settings/flows?id=${flow.id}`, {
        headers: { accept: "application/json" },
      })
    ).json()) as Json;
    expect(secretOf(reread)).toBe(secret);

    const wrong = await submitSettings(h, browser, flow, { method: "totp", totp_code: "000000" });
    expect(wrong.status).toBe(400);
    expectSchema("settingsFlow", wrong.json);
    expect(nodeOf(wrong.json, "totp_code")!.messages.map((m: { id: number }) => m.id)).toEqual([
      4000008,
    ]);

    const ok = await submitSettings(h, browser, wrong.json, {
      method: "totp",
      totp_code: totpCode(secret),
    });
    expect(ok.status).toBe(200);
    expectSchema("settingsFlow", ok.json);
    expect(ok.json.state).toBe("success");
    expect(ok.json.ui.messages.map((m: { id: number }) => m.id)).toEqual([1050001]);
    expect(nodeKeys(ok.json)).toContain("totp:totp_unlink");
    expect(nodeKeys(ok.json)).not.toContain("totp:totp_qr");

    // Linking proved the factor: the session is aal2 with a totp method.
    const me = await whoami(h, browser);
    expect(me.status).toBe(200);
    expectSchema("session", me.json);
    expect(me.json.authenticator_assurance_level).toBe("aal2");
    expect(me.json.authentication_methods.map((m: { method: string }) => m.method)).toEqual([
      "password",
      "totp",
    ]);
  });
});

describe("TOTP at sign-in", () => {
  async function accountWithTotp(
    prefix: string,
  ): Promise<{ email: string; secret: string; setupCode: string }> {
    const email = uniqueEmail(prefix);
    await createAccount(h, email);
    const { secret, code } = await setUpTotp(h, await signInBrowser(h, email));
    return { email, secret, setupCode: code };
  }

  it("a password sign-in stops at the second factor; the aal2 step raises the same session", async () => {
    const { email, secret, setupCode } = await accountWithTotp("totp-login");
    const first = await signInFirstFactor(h, email, password);
    expect(first.status).toBe(422);
    expectSchema("errorBrowserLocationChangeRequired", first.json);
    expect(first.json.error.id).toBe("browser_location_change_required");
    const target = new URL(first.json.redirect_browser_to);
    expect(`${target.origin}${target.pathname}`).toBe(`${h.publicUrl}/self-service/login/browser`);
    expect(target.searchParams.get("aal")).toBe("aal2");

    const { browser } = first;
    const denied = await whoami(h, browser);
    expect(denied.status).toBe(403);
    expect(denied.json.error.id).toBe("session_aal2_required");
    expect(denied.json.redirect_browser_to).toBe(
      `${h.publicUrl}/self-service/login/browser?aal=aal2`,
    );

    const flow = await aal2LoginFlow(h, browser);
    expectSchema("loginFlow", flow);
    expect(flow.requested_aal).toBe("aal2");
    expect(flow.ui.messages.map((m: { id: number }) => m.id)).toEqual([1010004]);
    expect(nodeKeys(flow)).toEqual(["default:csrf_token", "totp:totp_code", "totp:method"]);
    expect(nodeOf(flow, "totp_code")!.meta.label.id).toBe(1010006);

    const wrong = await submitLogin(h, browser, flow, { method: "totp", totp_code: "000000" });
    expect(wrong.status).toBe(400);
    expectSchema("loginFlow", wrong.json);
    expect(wrong.json.ui.messages.map((m: { id: number }) => m.id)).toEqual([4000008]);

    // The setup's code was used already: a replay while it is still valid is refused.
    const replay = await submitLogin(h, browser, flow, { method: "totp", totp_code: setupCode });
    expect(replay.status).toBe(400);
    expect(replay.json.ui.messages.map((m: { id: number }) => m.id)).toEqual([4000008]);

    const ok = await submitLogin(h, browser, flow, {
      method: "totp",
      totp_code: totpCode(secret, 1),
    });
    expect(ok.status).toBe(200);
    expectSchema("successfulNativeLogin", ok.json);
    expect(ok.json.session.authenticator_assurance_level).toBe("aal2");
    const me = await whoami(h, browser);
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(ok.json.session.id);
    expect(me.json.authentication_methods.map((m: { method: string }) => m.method)).toEqual([
      "password",
      "totp",
    ]);

    // An aal2 session asking for aal2 again is simply signed in.
    const again = await browser.fetch(`${h.publicUrl}/self-service/login/browser?aal=aal2`, {
      headers: { accept: "application/json" },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { id: string } }).error.id).toBe(
      "session_already_available",
    );
  });

  it("refuses a code used once, on another session too", async () => {
    const { email, secret } = await accountWithTotp("totp-replay");
    const a = await signInFirstFactor(h, email, password);
    const b = await signInFirstFactor(h, email, password);
    const code = totpCode(secret, 1);
    const flowA = await aal2LoginFlow(h, a.browser);
    const flowB = await aal2LoginFlow(h, b.browser);
    expect(
      (await submitLogin(h, a.browser, flowA, { method: "totp", totp_code: code })).status,
    ).toBe(200);
    const replay = await submitLogin(h, b.browser, flowB, { method: "totp", totp_code: code });
    expect(replay.status).toBe(400);
    expect(replay.json.ui.messages.map((m: { id: number }) => m.id)).toEqual([4000008]);
  });

  it("needs a session for aal2 (401 session_aal1_required)", async () => {
    const res = await h.browser().fetch(`${h.publicUrl}/self-service/login/browser?aal=aal2`, {
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { id: string } }).error.id).toBe(
      "session_aal1_required",
    );
  });
});

import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { harnessWithWebauthn, webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  createAccount,
  type Json,
  password,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  aal2LoginFlow,
  accountWithAuthenticator,
  ceremonyOptionsOf,
  nodeOf,
  settingsFlow,
  submitLogin,
  submitSettings,
  whoami,
} from "./second-factor-helpers.ts";

// Security keys as a second factor (Kratos's webauthn method) with a software authenticator:
// added in settings, used for the login aal2 step, refused for a wrong origin, a wrong RP id,
// a used challenge and an unknown key, removed again.

let h: Harness;
beforeAll(async () => {
  h = await startHarness(harnessWithWebauthn);
});
afterAll(async () => h?.close());

async function withSecurityKey(
  prefix: string,
): Promise<{ email: string; key: SoftwareAuthenticator; browser: Browser }> {
  const { email, key, browser } = await accountWithAuthenticator(h, prefix, (flow, k) => ({
    webauthn_register_displayname: "Moos-Schlüssel",
    webauthn_register: k.register(ceremonyOptionsOf(flow, "webauthn_register_trigger")),
  }));
  return { email, key, browser };
}

/** A new browser signed in with the password, then the aal2 step's flow. */
async function secondFactorFlow(email: string): Promise<{ browser: Browser; flow: Json }> {
  const browser = h.browser();
  const login = await browser.api.createBrowserLoginFlow();
  const first = await submitLogin(h, browser, login, {
    method: "password",
    identifier: email,
    password,
  });
  // The password is only the first factor: Kratos sends the browser on to the aal2 step.
  expect(first.status).toBe(422);
  expect(first.json.error.id).toBe("browser_location_change_required");
  return { browser, flow: await aal2LoginFlow(h, browser) };
}

describe("security keys in settings", () => {
  it("offers a name field, the add button with its options, and the script", async () => {
    const email = uniqueEmail("wa-nodes");
    await createAccount(h, email);
    const flow = await settingsFlow(await signInBrowser(h, email));
    const trigger = nodeOf(flow, "webauthn_register_trigger")!;
    expect(trigger.group).toBe("webauthn");
    expect(trigger.attributes).toMatchObject({
      type: "button",
      onclickTrigger: "oryWebAuthnRegistration",
    });
    expect(trigger.meta.label.id).toBe(1050012);
    const { publicKey } = JSON.parse(trigger.attributes.value);
    expect(Buffer.from(publicKey.challenge, "base64url")).toHaveLength(32);
    expect(publicKey.rp).toEqual({ id: webauthnRpId, name: "Moos" });
    expect(publicKey.attestation).toBe("none");
    expect(nodeOf(flow, "webauthn_register_displayname")?.meta.label.id).toBe(1050013);
    expect(nodeOf(flow, "webauthn_register")?.attributes.type).toBe("hidden");

    const script = nodeOf(flow, "webauthn_script")!;
    expect(script.attributes.src).toBe(`${h.publicUrl}/.well-known/ory/webauthn.js`);
    const served = await fetch(script.attributes.src);
    expect(served.headers.get("content-type")).toContain("text/javascript");
    const source = await served.text();
    const digest = createHash("sha512").update(source).digest("base64");
    expect(script.attributes.integrity).toBe(`sha512-${digest}`);
    for (const name of [
      "oryWebAuthnRegistration",
      "oryWebAuthnLogin",
      "oryPasskeyLogin",
      "oryPasskeyLoginAutocompleteInit",
      "oryPasskeyRegistration",
      "oryPasskeySettingsRegistration",
    ])
      expect(source).toContain(name);
  });

  it("adds a key, which makes the session aal2 and lists the key for removal", async () => {
    const { browser } = await withSecurityKey("wa-add");
    const session = await whoami(h, browser);
    expect(session.json.authenticator_assurance_level).toBe("aal2");
    expect(session.json.authentication_methods.map((m: Json) => `${m.method}:${m.aal}`)).toContain(
      "webauthn:aal2",
    );
    const flow = await settingsFlow(browser);
    const remove = nodeOf(flow, "webauthn_remove")!;
    expect(remove.attributes.type).toBe("submit");
    expect(remove.meta.label).toMatchObject({
      id: 1050018,
      context: { display_name: "Moos-Schlüssel" },
    });
  });

  it("refuses a registration for another origin or RP id, or a used challenge", async () => {
    const email = uniqueEmail("wa-bad-reg");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    for (const tamper of [{ origin: "https://moos.example.evil" }, { rpId: "evil.example" }]) {
      const flow = await settingsFlow(browser);
      const { status, json } = await submitSettings(h, browser, flow, {
        webauthn_register: key.register(
          ceremonyOptionsOf(flow, "webauthn_register_trigger"),
          tamper,
        ),
      });
      expect(status).toBe(400);
      expectSchema("settingsFlow", json);
      expect(json.ui.messages[0].id).toBe(4000001);
    }
    const flow = await settingsFlow(browser);
    const options = ceremonyOptionsOf(flow, "webauthn_register_trigger");
    expect(
      (await submitSettings(h, browser, flow, { webauthn_register: key.register(options) })).status,
    ).toBe(200);
    const replay = await submitSettings(h, browser, flow, {
      webauthn_register: key.register(options),
    });
    expect(replay.status).toBe(400);
    expect(replay.json.ui.messages[0].id).toBe(4000001);
  });

  it("removes a key", async () => {
    const { browser } = await withSecurityKey("wa-remove");
    const flow = await settingsFlow(browser);
    const { status, json } = await submitSettings(h, browser, flow, {
      webauthn_remove: nodeOf(flow, "webauthn_remove")?.attributes.value,
    });
    expect(status).toBe(200);
    expectSchema("settingsFlow", json);
    expect(json.ui.messages[0].id).toBe(1050001);
    expect(nodeOf(json, "webauthn_remove")).toBeUndefined();
  });
});

describe("the login aal2 step with a security key", () => {
  it("offers the key and completes the step to aal2", async () => {
    const { email, key } = await withSecurityKey("wa-login");
    const { browser, flow } = await secondFactorFlow(email);
    expectSchema("loginFlow", flow);
    const trigger = nodeOf(flow, "webauthn_login_trigger")!;
    expect(trigger.attributes).toMatchObject({
      type: "button",
      onclickTrigger: "oryWebAuthnLogin",
    });
    expect(trigger.meta.label.id).toBe(1010008);
    expect(nodeOf(flow, "webauthn_login")?.attributes.type).toBe("hidden");
    expect((await whoami(h, browser)).status).toBe(403);

    // As Kratos's script posts it: the hidden field and the CSRF token, no method.
    const done = await submitLogin(h, browser, flow, {
      webauthn_login: key.assert(ceremonyOptionsOf(flow, "webauthn_login_trigger")),
    });
    expect(done.status).toBe(200);
    const session = await whoami(h, browser);
    expect(session.status).toBe(200);
    expect(session.json.authenticator_assurance_level).toBe("aal2");
  });

  it("refuses a wrong origin, a wrong RP id, a used challenge and an unknown key with 4000043", async () => {
    const { email, key } = await withSecurityKey("wa-refuse");
    const { browser, flow } = await secondFactorFlow(email);
    const first = ceremonyOptionsOf(flow, "webauthn_login_trigger");
    const stranger = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    stranger.register({ publicKey: { challenge: "AAAA", user: { id: "AAAA" } } });
    let current = flow;
    for (const attempt of [
      () =>
        key.assert(ceremonyOptionsOf(current, "webauthn_login_trigger"), {
          origin: "https://moos.example.evil",
        }),
      () =>
        key.assert(ceremonyOptionsOf(current, "webauthn_login_trigger"), { rpId: "evil.example" }),
      () => key.assert(first), // the first challenge was used by the first attempt
      () => stranger.assert(ceremonyOptionsOf(current, "webauthn_login_trigger")),
    ]) {
      const { status, json } = await submitLogin(h, browser, current, {
        method: "webauthn",
        webauthn_login: attempt(),
      });
      expect(status).toBe(400);
      expectSchema("loginFlow", json);
      expect(json.ui.messages.map((m: Json) => m.id)).toContain(4000043);
      // A fresh challenge for the next try.
      expect(ceremonyOptionsOf(json, "webauthn_login_trigger").publicKey.challenge).not.toBe(
        ceremonyOptionsOf(current, "webauthn_login_trigger").publicKey.challenge,
      );
      current = json;
    }
    expect((await whoami(h, browser)).status).toBe(403);
    const ok = await submitLogin(h, browser, current, {
      webauthn_login: key.assert(ceremonyOptionsOf(current, "webauthn_login_trigger")),
    });
    expect(ok.status).toBe(200);
  });
});

describe("credential ids", () => {
  it("keep a key on one account only", async () => {
    const { key } = await withSecurityKey("wa-unique-a");
    const email = uniqueEmail("wa-unique-b");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const flow = await settingsFlow(browser);
    const [credentialId] = [...key.keys.keys()];
    const { status, json } = await submitSettings(h, browser, flow, {
      webauthn_register: key.register(ceremonyOptionsOf(flow, "webauthn_register_trigger"), {
        credentialId,
      }),
    });
    expect(status).toBe(400);
    expect(json.ui.messages[0]).toMatchObject({ id: 4000001 });
    expect(nodeOf(json, "webauthn_remove")).toBeUndefined();
  });
});

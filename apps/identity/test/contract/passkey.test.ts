import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { type CeremonyOptions, SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { harnessWithWebauthn, webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  body,
  createAccount,
  csrfOf,
  type Json,
  signInBrowser,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  accountWithAuthenticator,
  ceremonyOptionsOf,
  nodeOf,
  settingsFlow,
  submitLogin,
  submitSettings,
  whoami,
} from "./second-factor-helpers.ts";

// Passkeys as a first factor (Kratos's passkey method) with a software authenticator: added
// in settings, used to sign in by button or autofill, refused for a wrong origin, a wrong RP
// id, a used challenge and an unknown key, removed again.

let h: Harness;
beforeAll(async () => {
  // The automatic upgrade switched off (passkey-upgrade.test.ts has it on).
  const { passkey } = harnessWithWebauthn.selfservice.methods;
  h = await startHarness({
    selfservice: {
      methods: {
        ...harnessWithWebauthn.selfservice.methods,
        passkey: { ...passkey, config: { ...passkey.config, automatic_upgrade: false } },
      },
    },
  });
});
afterAll(async () => h?.close());

async function loginFlow(browser: Browser): Promise<Json> {
  return (await body(browser.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
}

async function withPasskey(
  prefix: string,
): Promise<{ email: string; key: SoftwareAuthenticator; browser: Browser }> {
  const { json, ...account } = await accountWithAuthenticator(h, prefix, (flow, key) => ({
    passkey_settings_register: key.register(ceremonyOptionsOf(flow, "passkey_create_data")),
  }));
  expectSchema("settingsFlow", json);
  return account;
}

describe("passkey sign-in nodes", () => {
  it("offers the button, the challenge and the identifier autofill", async () => {
    const flow = await loginFlow(h.browser());
    expect(nodeOf(flow, "identifier")?.attributes.autocomplete).toBe("username webauthn");
    const challenge = nodeOf(flow, "passkey_challenge")!;
    expect(challenge).toMatchObject({ group: "passkey", attributes: { type: "hidden" } });
    const { publicKey } = JSON.parse(challenge.attributes.value);
    expect(Buffer.from(publicKey.challenge, "base64url")).toHaveLength(32);
    expect(publicKey.rpId).toBe(webauthnRpId);
    expect(publicKey.allowCredentials).toBeUndefined();
    expect(nodeOf(flow, "passkey_login")?.attributes).toMatchObject({
      type: "hidden",
      onloadTrigger: "oryPasskeyLoginAutocompleteInit",
    });
    const trigger = nodeOf(flow, "passkey_login_trigger")!;
    expect(trigger.attributes).toMatchObject({ type: "button", onclickTrigger: "oryPasskeyLogin" });
    expect(trigger.meta.label.id).toBe(1010021);
    expect(nodeOf(flow, "webauthn_script")?.type).toBe("script");
  });

  it("are not offered to native apps", async () => {
    const flow = await h.native().createNativeLoginFlow();
    expect(flow.ui.nodes.some((n) => n.group === "passkey")).toBe(false);
  });
});

describe("passkeys in settings", () => {
  it("adds a passkey and lists it for removal", async () => {
    const { browser } = await withPasskey("pk-add");
    const session = await whoami(h, browser);
    expect(session.json.authenticator_assurance_level).toBe("aal1");
    expect(session.json.authentication_methods.map((m: Json) => m.method)).toContain("passkey");
    const flow = await settingsFlow(browser);
    const remove = nodeOf(flow, "passkey_remove")!;
    expect(remove.attributes).toMatchObject({ type: "submit", disabled: false });
    expect(remove.meta.label).toMatchObject({ id: 1050020, context: { display_name: "unnamed" } });
    expect(nodeOf(flow, "passkey_register_trigger")?.attributes.onclickTrigger).toBe(
      "oryPasskeySettingsRegistration",
    );
  });

  it("offers no automatic upgrade while it is switched off, and no related origins", async () => {
    const email = uniqueEmail("pk-no-upgrade");
    await createAccount(h, email);
    const flow = await settingsFlow(await signInBrowser(h, email));
    expect(nodeOf(flow, "passkey_create_data")).toBeDefined();
    expect(nodeOf(flow, "passkey_upgrade_data")).toBeUndefined();
    expect((await fetch(`${h.publicUrl}/.well-known/webauthn`)).status).toBe(404);
  });

  it("removes a passkey while the password remains", async () => {
    const { browser } = await withPasskey("pk-remove");
    const flow = await settingsFlow(browser);
    const { status, json } = await submitSettings(h, browser, flow, {
      passkey_remove: nodeOf(flow, "passkey_remove")?.attributes.value,
    });
    expect(status).toBe(200);
    expect(json.ui.messages[0].id).toBe(1050001);
    expect(nodeOf(json, "passkey_remove")).toBeUndefined();
  });
});

describe("signing in with a passkey", () => {
  it("signs in as the first factor at aal1", async () => {
    const { email, key } = await withPasskey("pk-login");
    const browser = h.browser();
    const flow = await loginFlow(browser);
    const { status, json } = await submitLogin(h, browser, flow, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(flow, "passkey_challenge")),
    });
    expect(status).toBe(200);
    expectSchema("successfulNativeLogin", { ...json, session_token: "x" });
    const session = await whoami(h, browser);
    expect(session.status).toBe(200);
    expect(session.json.identity.traits.email).toBe(email);
    expect(session.json.authenticator_assurance_level).toBe("aal1");
    expect(session.json.authentication_methods).toMatchObject([{ method: "passkey", aal: "aal1" }]);
  });

  it("refuses a wrong origin, a wrong RP id and a used challenge with 4000043", async () => {
    const { key } = await withPasskey("pk-refuse");
    const browser = h.browser();
    const flow = await loginFlow(browser);
    const first = ceremonyOptionsOf(flow, "passkey_challenge");
    let current = flow;
    for (const attempt of [
      () =>
        key.assert(ceremonyOptionsOf(current, "passkey_challenge"), {
          origin: "https://moos.example.evil",
        }),
      () => key.assert(ceremonyOptionsOf(current, "passkey_challenge"), { rpId: "evil.example" }),
      () => key.assert(first),
    ]) {
      const { status, json } = await submitLogin(h, browser, current, {
        method: "passkey",
        passkey_login: attempt(),
      });
      expect(status).toBe(400);
      expectSchema("loginFlow", json);
      expect(json.ui.messages.map((m: Json) => m.id)).toEqual([4000043]);
      expect(ceremonyOptionsOf(json, "passkey_challenge").publicKey.challenge).not.toBe(
        ceremonyOptionsOf(current, "passkey_challenge").publicKey.challenge,
      );
      current = json;
    }
    expect((await whoami(h, browser)).status).toBe(401);
  });

  it("refuses an assertion made for another flow's challenge", async () => {
    const { key } = await withPasskey("pk-crossflow");
    const browser = h.browser();
    const other = await loginFlow(browser);
    const flow = await loginFlow(browser);
    const { status, json } = await submitLogin(h, browser, flow, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(other, "passkey_challenge")),
    });
    expect(status).toBe(400);
    expect(json.ui.messages.map((m: Json) => m.id)).toEqual([4000043]);
  });

  it("refuses an unknown passkey with 4000015", async () => {
    const stranger = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    stranger.register({ publicKey: { challenge: "AAAA", user: { id: "c3RyYW5nZXI" } } });
    const browser = h.browser();
    const flow = await loginFlow(browser);
    const { status, json } = await submitLogin(h, browser, flow, {
      method: "passkey",
      passkey_login: stranger.assert(ceremonyOptionsOf(flow, "passkey_challenge")),
    });
    expect(status).toBe(400);
    expect(json.ui.messages.map((m: Json) => m.id)).toEqual([4000015]);
  });
});

describe("signing up with a passkey", () => {
  /** A registration flow past the profile step: the credential choice. */
  async function credentialChoice(
    browser: Browser,
    email: string,
  ): Promise<{ status: number; json: Json }> {
    const flow = (await body(browser.api.createBrowserRegistrationFlowRaw({}), "registrationFlow"))
      .json;
    return postRegistration(browser, flow, { method: "profile", traits: traitsOf(email) });
  }

  async function postRegistration(
    browser: Browser,
    flow: Json,
    fields: Record<string, unknown>,
  ): Promise<{ status: number; json: Json }> {
    const res = await browser.fetch(`${h.publicUrl}/self-service/registration?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csrf_token: csrfOf(flow), ...fields }),
    });
    return { status: res.status, json: (await res.json()) as Json };
  }

  const createData = (flow: Json): { credentialOptions: CeremonyOptions } & Json =>
    JSON.parse(nodeOf(flow, "passkey_create_data")?.attributes.value);

  it("offers 'Sign up with passkey' at the credential choice, as Kratos", async () => {
    const browser = h.browser();
    const first = (await body(browser.api.createBrowserRegistrationFlowRaw({}), "registrationFlow"))
      .json;
    expect(first.ui.nodes.some((n: Json) => n.group === "passkey")).toBe(false);
    const email = uniqueEmail("pk-offer");
    const { status, json } = await credentialChoice(browser, email);
    expect(status).toBe(400);
    expectSchema("registrationFlow", json);
    expect(nodeOf(json, "passkey_register_trigger")).toEqual({
      type: "input",
      group: "passkey",
      attributes: {
        name: "passkey_register_trigger",
        type: "button",
        disabled: false,
        onclick: "window.oryPasskeyRegistration()",
        onclickTrigger: "oryPasskeyRegistration",
        node_type: "input",
      },
      messages: [],
      meta: { label: { id: 1040007, text: "Sign up with passkey", type: "info" } },
    });
    expect(nodeOf(json, "passkey_register")?.attributes).toEqual({
      name: "passkey_register",
      type: "hidden",
      disabled: false,
      node_type: "input",
    });
    const data = createData(json);
    expect(data.displayNameFieldName).toBe("traits.email");
    expect(data.displayNameFieldNames).toEqual(["traits.email"]);
    const { publicKey } = data.credentialOptions;
    expect(Buffer.from(publicKey.challenge, "base64url")).toHaveLength(32);
    expect(publicKey).toMatchObject({
      rp: { id: webauthnRpId, name: "Moos" },
      user: { name: email },
      authenticatorSelection: { residentKey: "required" },
    });
    expect(json.ui.nodes.filter((n: Json) => n.type === "script")).toHaveLength(1);
  });

  it("is not offered to native apps", async () => {
    const api = h.native();
    const flow = await api.createNativeRegistrationFlow();
    const res = await fetch(`${h.publicUrl}/self-service/registration?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ method: "profile", traits: traitsOf(uniqueEmail("pk-native")) }),
    });
    const json = (await res.json()) as Json;
    expect(json.ui.nodes.some((n: Json) => n.group === "passkey")).toBe(false);
  });

  it("creates the account with the passkey alone and signs in; the passkey signs in again", async () => {
    const browser = h.browser();
    const email = uniqueEmail("pk-signup");
    const choice = (await credentialChoice(browser, email)).json;
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const { status, json } = await postRegistration(browser, choice, {
      method: "passkey",
      traits: traitsOf(email),
      passkey_register: key.register(createData(choice).credentialOptions),
    });
    expect(status).toBe(200);
    expectSchema("successfulNativeRegistration", json);
    expect(json.identity.traits.email).toBe(email);
    expect(json.identity.verifiable_addresses[0]).toMatchObject({ value: email, verified: false });
    expect(json.session.authentication_methods).toMatchObject([{ method: "passkey", aal: "aal1" }]);
    expect(json.continue_with.map((c: Json) => c.action)).toEqual([
      "show_verification_ui",
      "redirect_browser_to",
    ]);
    const session = await whoami(h, browser);
    expect(session.json.identity.traits.email).toBe(email);

    const other = h.browser();
    const login = await loginFlow(other);
    const signIn = await submitLogin(h, other, login, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(login, "passkey_challenge")),
    });
    expect(signIn.status).toBe(200);
    expect((await whoami(h, other)).json.identity.traits.email).toBe(email);
  });

  it("refuses a taken address with 4000007 and a used challenge, with fresh options", async () => {
    const taken = uniqueEmail("pk-taken");
    await withPasskeyAccount(taken);
    const browser = h.browser();
    const choice = (await credentialChoice(browser, taken)).json;
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const attestation = key.register(createData(choice).credentialOptions);
    const first = await postRegistration(browser, choice, {
      method: "passkey",
      traits: traitsOf(taken),
      passkey_register: attestation,
    });
    expect(first.status).toBe(400);
    expectSchema("registrationFlow", first.json);
    expect(first.json.ui.messages.map((m: Json) => m.id)).toEqual([4000007]);
    expect(createData(first.json).credentialOptions.publicKey.challenge).not.toBe(
      createData(choice).credentialOptions.publicKey.challenge,
    );
    const replay = await postRegistration(browser, first.json, {
      method: "passkey",
      traits: traitsOf(uniqueEmail("pk-replay")),
      passkey_register: attestation,
    });
    expect(replay.status).toBe(400);
    expect(replay.json.ui.messages.map((m: Json) => m.id)).toEqual([4000001]);
    expect((await whoami(h, browser)).status).toBe(401);
  });

  async function withPasskeyAccount(email: string): Promise<void> {
    const browser = h.browser();
    const choice = (await credentialChoice(browser, email)).json;
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const { status } = await postRegistration(browser, choice, {
      method: "passkey",
      traits: traitsOf(email),
      passkey_register: key.register(createData(choice).credentialOptions),
    });
    expect(status).toBe(200);
  }
});

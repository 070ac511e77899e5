import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { harnessWithWebauthn } from "../support/webauthn-config.ts";
import { body, createAccount, type Json, signInBrowser, uniqueEmail } from "./account-helpers.ts";

// Every state a self-service flow passes through, field by field where a UI reads it (`state`,
// `active`, `ui.messages`, node groups, names, order, attributes), as Kratos answers it.
// Where docs/protocol.md is silent the expectations come from Kratos's source (ory/kratos @
// b86338da): the form hydrators of each strategy, the sort each flow applies
// (selfservice/flow/{registration,login,settings}/sort.go) and their snapshots under
// selfservice/strategy/*/.snapshots. Configuration: two-step registration (profile_first),
// identifier-first login, password, email code (passwordless), passkeys, security keys, TOTP
// and backup codes, as the web app's browser tests run the service.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    selfservice: {
      methods: {
        ...harnessWithWebauthn.selfservice.methods,
        code: { passwordless_enabled: true },
        totp: { enabled: true },
        lookup_secret: { enabled: true },
      },
    },
  });
});
afterAll(async () => h?.close());

/** `group:name` of every node, `=value` for submits; scripts by id. */
const shape = (flow: Json): string[] =>
  flow.ui.nodes.map((n: Json) => {
    const a = n.attributes;
    return `${n.group}:${a.name ?? a.id}${a.type === "submit" ? `=${a.value}` : ""}`;
  });
const node = (flow: Json, name: string, value?: string): Json =>
  flow.ui.nodes.find(
    (n: Json) =>
      (n.attributes.name ?? n.attributes.id) === name &&
      (value === undefined || n.attributes.value === value),
  );
const messageIds = (flow: Json): number[] | undefined =>
  flow.ui.messages?.map((m: { id: number }) => m.id);
const csrf = (flow: Json): string => node(flow, "csrf_token").attributes.value;

async function post(
  b: Browser,
  kind: string,
  flow: Json,
  fields: Record<string, unknown>,
): Promise<{ status: number; json: Json }> {
  const res = await b.fetch(`${h.publicUrl}/self-service/${kind}?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ csrf_token: csrf(flow), ...fields }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const traits = (email: string) => ({ email, name: { first: "Mia", last: "Moos" } });

describe("registration (profile_first)", () => {
  async function started(): Promise<{ b: Browser; flow: Json }> {
    const b = h.browser();
    return {
      b,
      flow: (await body(b.api.createBrowserRegistrationFlowRaw({}), "registrationFlow")).json,
    };
  }

  it("starts with the profile: traits without values and Sign up (method=profile)", async () => {
    const { flow } = await started();
    expect(flow.state).toBe("choose_method");
    expect(flow).not.toHaveProperty("active");
    expect(flow.ui).not.toHaveProperty("messages");
    expect(shape(flow)).toEqual([
      "default:csrf_token",
      "default:traits.email",
      "default:traits.name.first",
      "default:traits.name.last",
      "profile:method=profile",
    ]);
    expect(node(flow, "traits.email").attributes).toEqual({
      name: "traits.email",
      type: "email",
      required: true,
      autocomplete: "email",
      disabled: false,
      node_type: "input",
    });
    expect(node(flow, "traits.email").meta.label).toMatchObject({
      id: 1070002,
      context: { title: "E-Mail", name: "traits.email" },
    });
    expect(node(flow, "method").meta.label.id).toBe(1040001);
  });

  it("answers the profile with the credential choice: no method active yet", async () => {
    const { b, flow } = await started();
    const { status, json } = await post(b, "registration", flow, {
      method: "profile",
      traits: traits(uniqueEmail("choice")),
    });
    expect(status).toBe(400);
    expectSchema("registrationFlow", json);
    // Kratos's showCredentialsSelection resets both; Ory Elements reads `active` as the method
    // the customer chose and would show no password field and no code button otherwise.
    expect(json).not.toHaveProperty("active");
    expect(json.state).toBe("choose_method");
    expect(messageIds(json)).toEqual([1040009]);
    expect(shape(json)).toEqual([
      "default:csrf_token",
      "default:traits.email",
      "default:traits.name.first",
      "default:traits.name.last",
      "webauthn:webauthn_script",
      "passkey:passkey_register_trigger",
      "passkey:passkey_register",
      "passkey:passkey_create_data",
      "code:method=code",
      "password:password",
      "password:method=password",
      "profile:screen=previous",
    ]);
    expect(node(json, "traits.name.first").attributes).toMatchObject({
      type: "hidden",
      value: "Mia",
    });
    expect(node(json, "method", "code").meta.label.id).toBe(1040006);
    expect(node(json, "password").attributes).toMatchObject({
      type: "password",
      required: true,
      autocomplete: "new-password",
    });
    expect(node(json, "screen").meta.label.id).toBe(1040008);
  });

  it("keeps the credential choice when the password is refused, still without a method", async () => {
    const { b, flow } = await started();
    const email = uniqueEmail("refused");
    const choice = (
      await post(b, "registration", flow, { method: "profile", traits: traits(email) })
    ).json;
    const { status, json } = await post(b, "registration", choice, {
      method: "password",
      traits: traits(email),
      password: "short",
    });
    expect(status).toBe(400);
    expect(json).not.toHaveProperty("active");
    expect(json.state).toBe("choose_method");
    expect(shape(json)).toEqual(shape(choice));
    expect(node(json, "password").messages.map((m: Json) => m.id)).toEqual([4000032]);
    expect(node(json, "traits.email").attributes).toMatchObject({ type: "hidden", value: email });
  });

  it("goes to the code step and back to the credential choice", async () => {
    const { b, flow } = await started();
    const email = uniqueEmail("code-step");
    const choice = (
      await post(b, "registration", flow, { method: "profile", traits: traits(email) })
    ).json;
    const sent = await post(b, "registration", choice, { method: "code", traits: traits(email) });
    expect(sent.status).toBe(400);
    expect(sent.json.state).toBe("sent_email");
    expect(sent.json.active).toBe("code");
    expect(messageIds(sent.json)).toEqual([1040005]);
    expect(shape(sent.json)).toEqual([
      "default:csrf_token",
      "default:traits.email",
      "default:traits.name.first",
      "default:traits.name.last",
      "code:method",
      "code:code",
      "code:method=code",
      "code:resend=code",
      "profile:screen=credential-selection",
    ]);
    const back = await post(b, "registration", sent.json, {
      method: "profile",
      screen: "credential-selection",
      traits: traits(email),
    });
    expect(back.status).toBe(400);
    expect(back.json).not.toHaveProperty("active");
    expect(back.json.state).toBe("choose_method");
    expect(messageIds(back.json)).toEqual([1040009]);
    expect(shape(back.json)).toEqual(shape(choice));
  });

  it("goes back to the profile with the traits filled in (screen=previous)", async () => {
    const { b, flow } = await started();
    const email = uniqueEmail("previous");
    const choice = (
      await post(b, "registration", flow, { method: "profile", traits: traits(email) })
    ).json;
    const { status, json } = await post(b, "registration", choice, {
      method: "profile",
      screen: "previous",
      traits: traits(email),
    });
    expect(status).toBe(400);
    expect(json.state).toBe("choose_method");
    expect(json).not.toHaveProperty("active");
    expect(json.ui).not.toHaveProperty("messages");
    expect(shape(json)).toEqual(shape(flow));
    expect(node(json, "traits.email").attributes).toMatchObject({ type: "email", value: email });
  });
});

describe("login (identifier_first)", () => {
  it("asks for the identifier with the passkey autofill, sorted as Kratos sorts login nodes", async () => {
    const b = h.browser();
    const flow = (await body(b.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
    expect(flow.state).toBe("choose_method");
    expect(flow).not.toHaveProperty("active");
    // identifier_first is in none of login/sort.go's groups, so it comes first.
    expect(shape(flow)).toEqual([
      "identifier_first:identifier",
      "identifier_first:method=identifier_first",
      "default:csrf_token",
      "webauthn:webauthn_script",
      "passkey:passkey_login_trigger",
      "passkey:passkey_login",
      "passkey:passkey_challenge",
    ]);
    expect(node(flow, "identifier").attributes).toMatchObject({
      type: "text",
      required: true,
      autocomplete: "username webauthn",
    });
  });

  it("keeps the first step's nodes, hides the identifier and adds the methods", async () => {
    const b = h.browser();
    const flow = (await body(b.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
    const email = uniqueEmail("idfirst");
    const { status, json } = await post(b, "login", flow, {
      method: "identifier_first",
      identifier: email,
    });
    expect(status).toBe(400);
    expectSchema("loginFlow", json);
    expect(json.active).toBe("identifier_first");
    expect(json.state).toBe("choose_method");
    expect(shape(json)).toEqual([
      "identifier_first:identifier",
      "default:csrf_token",
      "webauthn:webauthn_script",
      "passkey:passkey_login_trigger",
      "passkey:passkey_login",
      "passkey:passkey_challenge",
      "password:password",
      "password:method=password",
      "code:method=code",
    ]);
    expect(node(json, "identifier").attributes).toMatchObject({ type: "hidden", value: email });
  });

  it("answers a wrong password with 4000006 on the flow, sorted, the password active", async () => {
    const b = h.browser();
    const flow = (await body(b.api.createBrowserLoginFlowRaw({}), "loginFlow")).json;
    const email = uniqueEmail("wrong");
    const step = (await post(b, "login", flow, { method: "identifier_first", identifier: email }))
      .json;
    const { status, json } = await post(b, "login", step, {
      method: "password",
      identifier: email,
      password: "not-the-password",
    });
    expect(status).toBe(400);
    expect(json.active).toBe("password");
    expect(messageIds(json)).toEqual([4000006]);
    expect(shape(json)).toEqual([
      "identifier_first:identifier",
      "default:csrf_token",
      "webauthn:webauthn_script",
      "passkey:passkey_login_trigger",
      "passkey:passkey_login",
      "passkey:passkey_challenge",
      "code:method=code",
      "password:password",
      "password:method=password",
    ]);
  });
});

describe("settings", () => {
  it("carries one webauthn script and orders the groups as Kratos", async () => {
    const email = uniqueEmail("settings");
    await createAccount(h, email);
    const b = await signInBrowser(h, email);
    const flow = (await body(b.api.createBrowserSettingsFlowRaw({}), "settingsFlow")).json;
    expect(flow.state).toBe("show_form");
    expect(flow.ui.nodes.filter((n: Json) => n.type === "script")).toHaveLength(1);
    expect(node(flow, "webauthn_script").group).toBe("webauthn");
    // Ours, right after a password sign-in: the automatic passkey upgrade's options. Kratos's
    // sort places it among the group's hidden inputs by their (random) values.
    const upgrade = "passkey:passkey_upgrade_data";
    expect(shape(flow)).toContain(upgrade);
    expect(shape(flow).filter((key) => key !== upgrade)).toEqual([
      "default:csrf_token",
      "profile:traits.email",
      "profile:traits.name.first",
      "profile:traits.name.last",
      "profile:method=profile",
      "password:password",
      "password:method=password",
      "lookup_secret:lookup_secret_regenerate=true",
      "webauthn:webauthn_register_displayname",
      "webauthn:webauthn_register",
      "webauthn:webauthn_register_trigger",
      "webauthn:webauthn_script",
      "passkey:passkey_register_trigger",
      "passkey:passkey_settings_register",
      "passkey:passkey_create_data",
      "totp:totp_qr",
      "totp:totp_secret_key",
      "totp:totp_code",
      "totp:method=totp",
    ]);
  });
});

describe("recovery and verification", () => {
  for (const kind of ["recovery", "verification"] as const) {
    it(`${kind} starts at choose_method with the code method active`, async () => {
      const b = h.browser();
      const res = await b.fetch(`${h.publicUrl}/self-service/${kind}/browser`, {
        headers: { accept: "application/json" },
      });
      const flow = (await res.json()) as Json;
      expectSchema(`${kind}Flow`, flow);
      expect(flow.state).toBe("choose_method");
      expect(flow.active).toBe("code");
      expect(shape(flow)).toEqual(["default:csrf_token", "code:email", "code:method=code"]);
      expect(node(flow, "email").attributes).toMatchObject({ type: "email", required: true });
      expect(node(flow, "email").attributes).not.toHaveProperty("value");
      expect(node(flow, "email").meta.label.id).toBe(1070007);
      expect(node(flow, "method").meta.label.id).toBe(1070009);
    });
  }

  it("recovery: the code step after the email (selfservice/strategy/code snapshots)", async () => {
    const email = uniqueEmail("recovery");
    await createAccount(h, email);
    const b = h.browser();
    const flow = (await body(b.api.createBrowserRecoveryFlowRaw({}), "recoveryFlow")).json;
    const { status, json } = await post(b, "recovery", flow, { method: "code", email });
    expect(status).toBe(200);
    expect(json.state).toBe("sent_email");
    expect(json.active).toBe("code");
    expect(messageIds(json)).toEqual([1060003]);
    expect(shape(json)).toEqual([
      "default:csrf_token",
      "code:code",
      "code:method",
      "code:method=code",
      `code:email=${email}`,
    ]);
    expect(node(json, "code").attributes).toEqual({
      name: "code",
      type: "text",
      required: true,
      pattern: "[0-9]+",
      maxlength: 6,
      autocomplete: "one-time-code",
      disabled: false,
      node_type: "input",
    });
    expect(node(json, "code").meta.label.id).toBe(1070010);
    expect(node(json, "email").meta.label.id).toBe(1070008);
  });

  it("verification: the code step, then passed_challenge with a GET form and a link", async () => {
    const email = uniqueEmail("verification");
    await createAccount(h, email, { verified: false });
    const b = h.browser();
    const flow = (await body(b.api.createBrowserVerificationFlowRaw({}), "verificationFlow")).json;
    const sent = await post(b, "verification", flow, { method: "code", email });
    expect(sent.status).toBe(200);
    expect(sent.json.state).toBe("sent_email");
    expect(messageIds(sent.json)).toEqual([1080003]);
    expect(shape(sent.json)).toEqual([
      "default:csrf_token",
      "code:method",
      "code:code",
      "code:method=code",
      `code:email=${email}`,
    ]);
    expect(node(sent.json, "code").meta.label.id).toBe(1070011);
    const code = await h.codeFor(email);
    const done = await post(b, "verification", sent.json, { method: "code", code });
    expect(done.status).toBe(200);
    expect(done.json.state).toBe("passed_challenge");
    expect(done.json.ui.method).toBe("GET");
    expect(messageIds(done.json)).toEqual([1080002]);
    expect(shape(done.json)).toEqual(["default:csrf_token", "code:continue"]);
    expect(node(done.json, "continue")).toMatchObject({
      type: "a",
      attributes: { href: done.json.ui.action, title: { id: 1070009 }, node_type: "a" },
      meta: { label: { id: 1070009 } },
    });
  });
});

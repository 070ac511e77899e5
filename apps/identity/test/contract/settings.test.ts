import type { SettingsFlow } from "@ory/client-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  csrfOf,
  failure,
  type Json,
  password,
  request,
  signInBrowser,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const settingsUi = "http://localhost:3000/settings";
const nodeNames = (flow: Json): string[] =>
  flow.ui.nodes.map(
    (n: Json) =>
      `${n.group}:${n.attributes.name}${n.attributes.type === "submit" ? `=${n.attributes.value}` : ""}`,
  );
const node = (flow: Json, name: string): Json =>
  flow.ui.nodes.find((n: Json) => n.attributes.name === name);

async function signedInFlow(prefix: string): Promise<{
  email: string;
  identity: Json;
  browser: Awaited<ReturnType<typeof signInBrowser>>;
  flow: Json;
}> {
  const email = uniqueEmail(prefix);
  const identity = await createAccount(h, email);
  const browser = await signInBrowser(h, email);
  const { json: flow } = await body(browser.api.createBrowserSettingsFlowRaw({}), "settingsFlow");
  return { email, identity, browser, flow };
}

describe("settings init and read", () => {
  it("needs a session: JSON 401 session_inactive, browsers 303 to login", async () => {
    const browser = h.browser();
    const { status, json } = await failure(browser.api.createBrowserSettingsFlow());
    expect(status).toBe(401);
    expectSchema("errorGeneric", json);
    expect(json.error.id).toBe("session_inactive");
    expect(json.CredentialsMissing).toBe(true);

    const html = await request(browser, `${h.publicUrl}/self-service/settings/browser`, {
      accept: "text/html",
    });
    expect(html.status).toBe(303);
    const location = new URL(html.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(
      `${h.publicUrl}/self-service/login/browser`,
    );
    expect(location.searchParams.get("return_to")).toBe(settingsUi);

    expect((await failure(h.native().createNativeSettingsFlow())).status).toBe(401);
  });

  it("creates a flow with the identity, the profile and the password forms", async () => {
    const { email, identity, browser, flow } = await signedInFlow("init");
    expect(flow.state).toBe("show_form");
    expect(flow.type).toBe("browser");
    expect(flow.organization_id).toBeNull();
    expect(flow.identity.id).toBe(identity.id);
    expect(flow.ui.messages).toBeUndefined();
    expect(flow.ui.action).toBe(`${h.publicUrl}/self-service/settings?flow=${flow.id}`);
    expect(nodeNames(flow)).toEqual([
      "default:csrf_token",
      "profile:traits.email",
      "profile:traits.name.first",
      "profile:traits.name.last",
      "profile:method=profile",
      "password:password",
      "password:method=password",
    ]);
    expect(node(flow, "traits.email").attributes).toMatchObject({
      type: "email",
      value: email,
      required: true,
      autocomplete: "email",
    });
    expect(node(flow, "traits.email").meta.label).toEqual({
      id: 1070002,
      text: "E-Mail",
      type: "info",
      context: { title: "E-Mail", name: "traits.email" },
    });
    expect(node(flow, "password").attributes).toMatchObject({
      type: "password",
      required: true,
      autocomplete: "new-password",
    });
    expect(node(flow, "password").meta.label.id).toBe(1070001);
    expect(
      flow.ui.nodes
        .filter((n: Json) => n.attributes.type === "submit")
        .map((n: Json) => n.meta.label.id),
    ).toEqual([1070003, 1070003]);

    const html = await request(
      browser,
      `${h.publicUrl}/self-service/settings/browser?return_to=${encodeURIComponent("http://localhost:3000/account")}`,
      { accept: "text/html" },
    );
    expect(html.status).toBe(303);
    expect(html.headers.get("location")).toMatch(
      new RegExp(`^${settingsUi}\\?flow=[0-9a-f-]{36}$`),
    );
    const forbidden = await failure(
      browser.api.createBrowserSettingsFlow({ returnTo: "https://evil.example.org/" }),
    );
    expect(forbidden.json.error.id).toBe("self_service_flow_return_to_forbidden");
  });

  it("reads the flow only with the owner's session, without a CSRF check", async () => {
    const { browser, flow } = await signedInFlow("read");
    const { json } = await body(browser.api.getSettingsFlowRaw({ id: flow.id }), "settingsFlow");
    expect(json.id).toBe(flow.id);

    // Without the CSRF cookie the read still works.
    const noCsrf = await fetch(`${h.publicUrl}/self-service/settings/flows?id=${flow.id}`, {
      headers: {
        accept: "application/json",
        cookie: `ory_kratos_session=${browser.jar.cookies.get("ory_kratos_session")}`,
      },
    });
    expect(noCsrf.status).toBe(200);

    const anonymous = await failure(h.browser().api.getSettingsFlow({ id: flow.id }));
    expect(anonymous.status).toBe(401);
    expectSchema("errorGeneric", anonymous.json);
    expect(anonymous.json.error.id).toBeUndefined();
    expect(anonymous.json.error.reason).toBe(
      "A valid Ory Session Cookie or Ory Session Token is missing.",
    );

    const other = await signedInFlow("read-other");
    const mismatch = await failure(other.browser.api.getSettingsFlow({ id: flow.id }));
    expect(mismatch.status).toBe(403);
    expect(mismatch.json.error.id).toBe("security_identity_mismatch");
    expect((await failure(browser.api.getSettingsFlow({ id: crypto.randomUUID() }))).status).toBe(
      404,
    );
  });
});

describe("profile method", () => {
  it("saves traits: 200, state success, 1050001 and a redirect in continue_with", async () => {
    const { browser, flow, email } = await signedInFlow("profile");
    const { json } = await body(
      browser.api.updateSettingsFlowRaw({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: "profile",
          csrf_token: csrfOf(flow as SettingsFlow),
          traits: traitsOf(email, "Ole", "Berg"),
        },
      }),
      "settingsFlow",
    );
    expect(json.state).toBe("success");
    expect(json.ui.messages).toEqual([
      { id: 1050001, text: "Your changes have been saved!", type: "success" },
    ]);
    expect(json.continue_with).toEqual([
      { action: "redirect_browser_to", redirect_browser_to: `${settingsUi}?flow=${flow.id}` },
    ]);
    expect(json.identity.traits.name).toEqual({ first: "Ole", last: "Berg" });
    expect(node(json, "traits.name.first").attributes.value).toBe("Ole");
    expect((await browser.api.toSession()).identity?.traits.name.first).toBe("Ole");
  });

  it("puts schema errors on the nodes (400 + flow) and keeps what was typed", async () => {
    const { browser, flow, email } = await signedInFlow("profile-bad");
    const response = await request(
      browser,
      `${h.publicUrl}/self-service/settings?flow=${flow.id}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          method: "profile",
          csrf_token: csrfOf(flow as SettingsFlow),
          "traits.email": email,
          "traits.name.first": "O",
          "traits.name.last": "Berg",
        }),
      },
    );
    expect(response.status).toBe(400);
    const json = (await response.json()) as Json;
    expectSchema("settingsFlow", json);
    expect(json.state).toBe("show_form");
    expect(node(json, "traits.name.first").messages[0]).toMatchObject({
      id: 4000003,
      type: "error",
    });
    expect(node(json, "traits.name.first").attributes.value).toBe("O");
    expect((await browser.api.toSession()).identity?.traits.name.first).toBe("Mia");
  });

  it("changes the email only once the code sent to the new address comes back (safe email change)", async () => {
    const { browser, flow, identity, email } = await signedInFlow("email-old");
    const newEmail = uniqueEmail("email-new");
    const { json } = await body(
      browser.api.updateSettingsFlowRaw({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: "profile",
          csrf_token: csrfOf(flow as SettingsFlow),
          traits: traitsOf(newEmail.toUpperCase()),
        },
      }),
      "settingsFlow",
    );
    expect(json.state).toBe("show_form");
    expect(json.ui.messages.map((m: Json) => m.id)).toEqual([1905005]);
    expect(node(json, "traits.email").attributes.value).toBe(email);
    const stored = await h.identityApi().getIdentity({ id: identity.id });
    expect(stored.credentials?.password?.identifiers).toEqual([email]);

    const code = await h.codeFor(newEmail);
    const confirmed = await browser.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        csrf_token: csrfOf(flow as SettingsFlow),
        email_change_confirm: "true",
        email_change_code: code,
      } as never,
    });
    expect(confirmed.state).toBe("success");
    expect(confirmed.ui.messages?.map((m) => m.id)).toEqual([1905003]);
    expect((await browser.api.toSession()).identity?.verifiable_addresses?.[0]).toMatchObject({
      value: newEmail,
      verified: true,
    });
    await signInNative(h, newEmail);
  });

  it("names an address of another identity (4000007) only after its code came back", async () => {
    const taken = uniqueEmail("taken");
    await createAccount(h, taken);
    const { browser, flow } = await signedInFlow("dup");
    const requested = await browser.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: "profile",
        csrf_token: csrfOf(flow as SettingsFlow),
        traits: traitsOf(taken),
      },
    });
    expect(requested.ui.messages?.map((m) => m.id)).toEqual([1905005]);
    const { status, json } = await failure(
      browser.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          csrf_token: csrfOf(flow as SettingsFlow),
          email_change_confirm: "true",
          email_change_code: await h.codeFor(taken),
        } as never,
      }),
    );
    expect(status).toBe(400);
    expectSchema("settingsFlow", json);
    expect(json.ui.messages.map((m: Json) => m.id)).toEqual([4000007]);
  });

  it("answers browsers posting a form with 303 to the settings UI", async () => {
    const { browser, flow, email } = await signedInFlow("form");
    const response = await request(
      browser,
      `${h.publicUrl}/self-service/settings?flow=${flow.id}`,
      {
        method: "POST",
        accept: "text/html",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          csrf_token: csrfOf(flow as SettingsFlow),
          method: "profile",
          "traits.email": email,
          "traits.name.first": "Pia",
          "traits.name.last": "Moos",
        }),
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${settingsUi}?flow=${flow.id}`);
    expect((await browser.api.toSession()).identity?.traits.name.first).toBe("Pia");
  });

  it("refuses submits without the CSRF token and unknown methods", async () => {
    const { browser, flow, email } = await signedInFlow("csrf");
    const csrf = await failure(
      browser.api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: "profile", traits: traitsOf(email, "Eve") },
      }),
    );
    expect(csrf.status).toBe(403);
    expect(csrf.json.error.id).toBe("security_csrf_violation");
    const unknown = await request(browser, `${h.publicUrl}/self-service/settings?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "totp", csrf_token: csrfOf(flow as SettingsFlow) }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Json).ui.messages[0].id).toBe(4010004);
  });
});

describe("password method", () => {
  it("changes the password; the old one stops working", async () => {
    const { browser, flow, email } = await signedInFlow("pw");
    const next = "Neues-Passwort-2026!";
    const { json } = await body(
      browser.api.updateSettingsFlowRaw({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: "password",
          password: next,
          csrf_token: csrfOf(flow as SettingsFlow),
        },
      }),
      "settingsFlow",
    );
    expect(json.state).toBe("success");
    expect(json.active).toBe("password");
    expect(json.ui.messages[0].id).toBe(1050001);
    expect(node(json, "password").attributes.value).toBeUndefined();
    await signInNative(h, email, next);
    expect((await failure(signInNative(h, email, password))).status).toBe(400);
  });

  it("refuses the current password (4000039), a short one and a breached one", async () => {
    const { browser, flow, email } = await signedInFlow("pw-bad");
    const cases: [string, number][] = [
      [password, 4000039],
      ["kurz", 4000032],
      ["password123", 4000034],
      [email, 4000031],
      ["", 4000002],
    ];
    for (const [candidate, id] of cases) {
      const { status, json } = await failure(
        browser.api.updateSettingsFlow({
          flow: flow.id,
          updateSettingsFlowBody: {
            method: "password",
            password: candidate,
            csrf_token: csrfOf(flow as SettingsFlow),
          },
        }),
      );
      expect(status).toBe(400);
      expectSchema("settingsFlow", json);
      expect(node(json, "password").messages.map((m: Json) => m.id)).toEqual([id]);
    }
  });

  it("works for native apps with a session token", async () => {
    const email = uniqueEmail("pw-native");
    await createAccount(h, email);
    const token = await signInNative(h, email);
    const api = h.native();
    const { json: flow } = await body(
      api.createNativeSettingsFlowRaw({ xSessionToken: token }),
      "settingsFlow",
    );
    expect(flow.type).toBe("api");
    const { json } = await body(
      api.updateSettingsFlowRaw({
        flow: flow.id,
        xSessionToken: token,
        updateSettingsFlowBody: { method: "password", password: "Native-Passwort-2026!" },
      }),
      "settingsFlow",
    );
    expect(json.state).toBe("success");
    expect(json.continue_with).toBeUndefined();
    const { json: read } = await body(
      api.getSettingsFlowRaw({ id: flow.id, xSessionToken: token }),
      "settingsFlow",
    );
    expect(read.state).toBe("success");
    expect(
      (
        await failure(
          api.updateSettingsFlow({
            flow: flow.id,
            updateSettingsFlowBody: { method: "password", password: "x" },
          }),
        )
      ).status,
    ).toBe(401);
  });
});

describe("privileged session", () => {
  let stale: Harness;
  beforeAll(async () => {
    stale = await startHarness({
      selfservice: { flows: { settings: { privileged_session_max_age: "1ms" } } },
    });
  });
  afterAll(async () => stale?.close());

  it("asks for re-authentication before a password or email change, not before a name change", async () => {
    const email = uniqueEmail("stale");
    await createAccount(stale, email);
    const browser = await signInBrowser(stale, email);
    const flow = await browser.api.createBrowserSettingsFlow();
    const csrf = csrfOf(flow);
    const expected = new URL(`${stale.publicUrl}/self-service/login/browser`);
    expected.searchParams.set("refresh", "true");
    expected.searchParams.set(
      "return_to",
      `${stale.publicUrl}/self-service/settings?flow=${flow.id}`,
    );

    for (const update of [
      { method: "password" as const, password: "Noch-ein-Passwort-1", csrf_token: csrf },
      { method: "profile" as const, traits: traitsOf(uniqueEmail("stale-new")), csrf_token: csrf },
    ]) {
      const { status, json } = await failure(
        browser.api.updateSettingsFlow({ flow: flow.id, updateSettingsFlowBody: update }),
      );
      expect(status).toBe(403);
      expectSchema("errorGeneric", json);
      expect(json.error.id).toBe("session_refresh_required");
      expect(json.redirect_browser_to).toBe(expected.toString());
    }
    const html = await request(
      browser,
      `${stale.publicUrl}/self-service/settings?flow=${flow.id}`,
      {
        method: "POST",
        accept: "text/html",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          csrf_token: csrf,
          method: "password",
          password: "Noch-ein-Passwort-1",
        }),
      },
    );
    expect(html.status).toBe(303);
    expect(html.headers.get("location")).toBe(expected.toString());

    const name = await browser.api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: "profile",
        traits: traitsOf(email, "Tom"),
        csrf_token: csrf,
      },
    });
    expect(name.state).toBe("success");

    // After the re-authentication the browser comes back to the flow in the settings UI.
    const back = await request(
      browser,
      `${stale.publicUrl}/self-service/settings?flow=${flow.id}`,
      { accept: "text/html" },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`${settingsUi}?flow=${flow.id}`);
  });
});

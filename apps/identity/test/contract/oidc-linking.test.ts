import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  atProvider,
  backToIdentity,
  type SocialHarness,
  startSocialHarness,
} from "../support/social.ts";
import {
  createAccount,
  csrfOf,
  failure,
  type Json,
  password,
  request,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";
import { flowIdOf, messageIds, nodeNamed, viaProvider } from "./social-helpers.ts";

// An existing password account meets a social profile with its email (4000027): no silent
// merge, the customer proves the account and the profile is linked. Settings link and unlink.

let s: SocialHarness;
beforeAll(async () => {
  s = await startSocialHarness();
});
afterAll(async () => s?.close());

const home = "http://localhost:3000/";

async function loginFlow(b: Browser, id: string): Promise<Json> {
  const res = await request(b, `${s.h.publicUrl}/self-service/login/flows?id=${id}`);
  expect(res.status).toBe(200);
  const flow = (await res.json()) as Json;
  expectSchema("loginFlow", flow);
  return flow;
}

async function settingsFlow(b: Browser): Promise<Json> {
  const flow = await b.api.createBrowserSettingsFlow();
  expectSchema("settingsFlow", flow);
  return JSON.parse(JSON.stringify(flow)) as Json;
}

async function submitSettings(
  b: Browser,
  flow: Json,
  body: Record<string, string>,
): Promise<Response> {
  return request(b, `${s.h.publicUrl}/self-service/settings?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrf_token: csrfOf(flow), ...body }),
  });
}

describe("an email that belongs to a password account (4000027)", () => {
  it("asks to prove the account, links Google after the password, then Google signs in", async () => {
    const email = uniqueEmail("link");
    const account = await createAccount(s.h, email);
    const b = s.h.browser();
    const res = await viaProvider(b, "google", { custom: { email, first: "Greta", last: "Grün" } });
    const flowId = flowIdOf(res);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/login");
    expect((await failure(b.api.toSession())).status).toBe(401);

    const flow = await loginFlow(b, flowId);
    expect(messageIds(flow)).toEqual([4000027, 1010016]);
    expect(flow.ui.messages[1].context).toMatchObject({
      duplicateIdentifier: email,
      provider: "Google",
      available_credential_types: ["password"],
    });
    expect(nodeNamed(flow, "identifier")?.attributes).toMatchObject({
      type: "hidden",
      value: email,
    });
    expect(nodeNamed(flow, "password")).toBeDefined();
    // Nothing was created for the social profile.
    const { identities } = await s.h.app.deps.persistence.identities.listIdentities({
      pageSize: 100,
    });
    expect(identities.filter((i) => i.traits.email === email)).toHaveLength(1);

    const wrong = await failure(
      b.api.updateLoginFlow({
        flow: flowId,
        updateLoginFlowBody: {
          method: "password",
          identifier: email,
          password: "not-it-123",
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(messageIds(wrong.json)).toEqual([4000006]);
    const ok = await b.api.updateLoginFlow({
      flow: flowId,
      updateLoginFlowBody: {
        method: "password",
        identifier: email,
        password,
        csrf_token: csrfOf(flow),
      },
    });
    expect(ok.session.identity?.id).toBe(account.id);

    const later = s.h.browser();
    const google = await viaProvider(later, "google", {
      custom: { email, first: "Greta", last: "Grün" },
    });
    expect(google.headers.get("location")).toBe(home);
    const session = await later.api.toSession();
    expect(session.identity?.id).toBe(account.id);
    expect(session.authentication_methods?.[0]).toMatchObject({
      method: "oidc",
      provider: "google",
    });
  });

  it("links nothing when another account proves itself in that flow (4010009)", async () => {
    const email = uniqueEmail("victim");
    const other = uniqueEmail("other");
    await createAccount(s.h, email);
    await createAccount(s.h, other);
    const b = s.h.browser();
    const flowId = flowIdOf(
      await viaProvider(b, "google", { custom: { email, first: "Vic", last: "Tim" } }),
    );
    const flow = await loginFlow(b, flowId);
    const res = await failure(
      b.api.updateLoginFlow({
        flow: flowId,
        updateLoginFlowBody: {
          method: "password",
          identifier: other,
          password,
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(res.status).toBe(400);
    expect(messageIds(res.json)).toEqual([4010009]);
    expect((await failure(b.api.toSession())).status).toBe(401);
  });
});

describe("settings: linked providers", () => {
  it("lists link buttons, links Apple through the provider, and unlinks it again", async () => {
    const email = uniqueEmail("settings");
    const account = await createAccount(s.h, email);
    const b = await signInBrowser(s.h, email);
    const flow = await settingsFlow(b);
    const link = nodeNamed(flow, "link", "apple");
    expect(link).toMatchObject({ group: "oidc", attributes: { type: "submit" } });
    expect(link?.meta.label).toMatchObject({ id: 1050002, context: { provider: "Apple" } });
    expect(nodeNamed(flow, "unlink")).toBeUndefined();

    const started = await submitSettings(b, flow, { link: "apple" });
    expect(started.status).toBe(422);
    const target = ((await started.json()) as Json).redirect_browser_to as string;
    const back = await backToIdentity(b, await atProvider(b, target, { person: "lena" }));
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get("location")!).searchParams.get("flow")).toBe(flow.id);

    const after = await settingsFlow(b);
    // The password and Apple now: Apple may be unlinked.
    expect(nodeNamed(after, "unlink", "apple")?.meta.label.id).toBe(1050003);
    const appleBrowser = s.h.browser();
    await viaProvider(appleBrowser, "apple", { person: "lena" });
    expect((await appleBrowser.api.toSession()).identity?.id).toBe(account.id);

    const unlinked = await submitSettings(b, after, { unlink: "apple" });
    expect(unlinked.status).toBe(200);
    const saved = (await unlinked.json()) as Json;
    expectSchema("settingsFlow", saved);
    expect(saved.state).toBe("success");
    expect(nodeNamed(saved, "link", "apple")).toBeDefined();
  });

  it("never unlinks the last way to sign in", async () => {
    const b = s.h.browser();
    await viaProvider(
      b,
      "google",
      { custom: { email: uniqueEmail("only"), first: "Olga", last: "Only" } },
      "registration",
    );
    const flow = await settingsFlow(b);
    expect(nodeNamed(flow, "unlink")).toBeUndefined();
    const res = await submitSettings(b, flow, { unlink: "google" });
    expect(res.status).toBe(400);
    const json = (await res.json()) as Json;
    expect(json.ui.messages[0]).toMatchObject({
      id: 4000001,
      context: { oidc_error: "last_sign_in_method" },
    });
    // With a password set, Google can go.
    const withPassword = await submitSettings(b, json, {
      method: "password",
      password: "Moos-Neu-2026!x",
    });
    expect(withPassword.status).toBe(200);
    const next = await settingsFlow(b);
    expect(nodeNamed(next, "unlink", "google")).toBeDefined();
    expect((await submitSettings(b, next, { unlink: "google" })).status).toBe(200);
  });

  it("refuses a profile that is linked to another account", async () => {
    const first = s.h.browser();
    await viaProvider(first, "facebook", { person: "paul" }, "registration");
    const email = uniqueEmail("second");
    await createAccount(s.h, email);
    const b = await signInBrowser(s.h, email);
    const flow = await settingsFlow(b);
    const started = await submitSettings(b, flow, { link: "facebook" });
    const target = ((await started.json()) as Json).redirect_browser_to as string;
    const back = await backToIdentity(b, await atProvider(b, target, { person: "paul" }));
    expect(back.status).toBe(303);
    const res = await request(b, `${s.h.publicUrl}/self-service/settings/flows?id=${flow.id}`);
    const after = (await res.json()) as Json;
    expect(after.ui.messages[0]).toMatchObject({
      id: 4000001,
      context: { oidc_error: "already_linked_elsewhere" },
    });
  });

  it("needs a recent sign-in to link (session_refresh_required)", async () => {
    const email = uniqueEmail("stale");
    await createAccount(s.h, email);
    const b = await signInBrowser(s.h, email);
    const flow = await settingsFlow(b);
    const session = await b.api.toSession();
    const stored = await s.h.app.deps.persistence.sessions.getSession(session.id);
    stored!.authenticated_at = new Date(Date.now() - 60 * 60 * 1000);
    await s.h.app.deps.persistence.sessions.updateSession(stored!);
    const res = await submitSettings(b, flow, { link: "google" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error.id).toBe("session_refresh_required");
  });
});

describe("identifier-first login", () => {
  it("offers a social-only account its providers instead of a password field", async () => {
    const email = uniqueEmail("social-only");
    const first = s.h.browser();
    await viaProvider(
      first,
      "apple",
      { custom: { email, first: "Sofia", last: "Sozial" } },
      "registration",
    );
    const b = s.h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const step = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: {
          method: "identifier_first",
          identifier: email.toUpperCase(),
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(step.status).toBe(400);
    expectSchema("loginFlow", step.json);
    expect(nodeNamed(step.json, "password")).toBeUndefined();
    const buttons = (step.json.ui.nodes as Json[]).filter((n) => n.group === "oidc");
    expect(buttons.map((n) => n.attributes.value)).toEqual(["apple"]);
    expect(buttons[0]?.meta.label).toMatchObject({ id: 1010002, context: { provider: "Apple" } });

    // Unknown and password accounts keep looking alike.
    const shapes: string[] = [];
    for (const identifier of [
      uniqueEmail("nobody"),
      (await createAccount(s.h, uniqueEmail("pw"))).traits.email,
    ]) {
      const other = await b.api.createBrowserLoginFlow();
      const res = await failure(
        b.api.updateLoginFlow({
          flow: other.id,
          updateLoginFlowBody: {
            method: "identifier_first",
            identifier,
            csrf_token: csrfOf(other),
          },
        }),
      );
      shapes.push(
        (res.json.ui.nodes as Json[]).map((n) => `${n.group}:${n.attributes.name}`).join(","),
      );
    }
    expect(shapes[0]).toBe(shapes[1]);
    expect(shapes[0]).toContain("password:password");
  });
});

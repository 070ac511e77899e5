import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  atProvider,
  backToIdentity,
  type SocialHarness,
  startSocialHarness,
} from "../support/social.ts";
import { csrfOf, failure, type Json, request, uniqueEmail } from "./account-helpers.ts";
import { flowIdOf, messageIds, nodeNamed, viaProvider } from "./social-helpers.ts";

// Apps (api flows finishing in the browser, or sending the provider SDK's ID token), FedCM,
// and re-authentication of an account that has only social sign-in.

let s: SocialHarness;
beforeAll(async () => {
  s = await startSocialHarness();
});
afterAll(async () => s?.close());

const appReturn = "http://localhost:3000/app-callback";
const now = (): number => Math.floor(Date.now() / 1000);

function idToken(kind: "google" | "apple", claims: Json): string {
  const clientId = s.provider.clients[kind].clientId;
  return s.provider.signIdToken(kind, {
    iss: s.provider.issuer(kind),
    aud: clientId,
    iat: now(),
    exp: now() + 300,
    ...claims,
  });
}

describe("native apps", () => {
  it("finish social sign-in in the browser and collect the token with the exchange codes", async () => {
    const api = s.h.native();
    const flow = await api.createNativeLoginFlow({
      returnSessionTokenExchangeCode: true,
      returnTo: appReturn,
    });
    const initCode = flow.session_token_exchange_code!;
    const started = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "oidc", provider: "google" },
      }),
    );
    expect(started.status).toBe(422);
    expect((await failure(api.exchangeSessionToken({ initCode, returnToCode: "" }))).status).toBe(
      422,
    );

    const systemBrowser = s.h.browser();
    const answer = await atProvider(systemBrowser, started.json.redirect_browser_to, {
      person: "paul",
    });
    const back = await backToIdentity(systemBrowser, answer);
    expect(back.status).toBe(303);
    const target = new URL(back.headers.get("location")!);
    expect(`${target.origin}${target.pathname}`).toBe(appReturn);
    // The browser gets no session of its own: the app's token waits for the app.
    expect(back.headers.getSetCookie().some((c) => c.startsWith("ory_kratos_session="))).toBe(
      false,
    );

    const code = target.searchParams.get("code")!;
    expect(
      (await failure(api.exchangeSessionToken({ initCode, returnToCode: "wrong" }))).status,
    ).toBe(404);
    const exchanged = await api.exchangeSessionToken({ initCode, returnToCode: code });
    expect(exchanged.session.identity?.traits).toMatchObject({ email: "paul@example.com" });
    const whoami = await api.toSession({ xSessionToken: exchanged.session_token });
    expect(whoami.authentication_methods?.[0]).toMatchObject({
      method: "oidc",
      provider: "google",
    });
  });

  it("ask for a missing email in the browser, then hand the session back to the app", async () => {
    const api = s.h.native();
    const flow = await api.createNativeRegistrationFlow({
      returnSessionTokenExchangeCode: true,
      returnTo: appReturn,
    });
    const started = await failure(
      api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { method: "oidc", provider: "facebook" },
      }),
    );
    const b = s.h.browser();
    const custom = { first: "Ole", last: "Ohnemail" };
    const back = await backToIdentity(
      b,
      await atProvider(b, started.json.redirect_browser_to, { custom }),
    );
    const registrationId = flowIdOf(back);
    const registration = (await (
      await request(b, `${s.h.publicUrl}/self-service/registration/flows?id=${registrationId}`)
    ).json()) as Json;
    expect(registration.type).toBe("browser");
    const email = uniqueEmail("ole");
    const done = await request(
      b,
      `${s.h.publicUrl}/self-service/registration?flow=${registrationId}`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          method: "oidc",
          provider: "facebook",
          csrf_token: csrfOf(registration),
          traits: { email },
        }),
      },
    );
    expect(done.status).toBe(422);
    const redirectTo = new URL(((await done.json()) as Json).redirect_browser_to);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(appReturn);
    const exchanged = await api.exchangeSessionToken({
      initCode: flow.session_token_exchange_code!,
      returnToCode: redirectTo.searchParams.get("code")!,
    });
    expect(exchanged.session.identity?.traits).toMatchObject({ email, name: { first: "Ole" } });
    expect(await s.h.codeFor(email)).toMatch(/^\d{6}$/);
  });

  it("sign in with the provider SDK's ID token (id_token + id_token_nonce)", async () => {
    const api = s.h.native();
    const flow = await api.createNativeRegistrationFlow();
    const rawNonce = "app-nonce-0123456789";
    const email = uniqueEmail("nora");
    const token = idToken("apple", {
      sub: `apple-native-${email}`,
      email,
      email_verified: "true",
      nonce: createHash("sha256").update(rawNonce).digest("hex"),
    });
    const body = {
      method: "oidc",
      provider: "apple",
      id_token: token,
      traits: { name: { first: "Nora", last: "Nativ" } },
    } as const;
    const wrongNonce = await failure(
      api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: { ...body, id_token_nonce: "other" },
      }),
    );
    expect(wrongNonce.json.ui.messages[0].context.oidc_error).toBe("id_token_invalid");
    const result = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { ...body, id_token_nonce: rawNonce },
    });
    expect(result.session_token).toBeTruthy();
    expect(result.identity.traits).toEqual({ email, name: { first: "Nora", last: "Nativ" } });
    expect(result.identity.verifiable_addresses?.[0]?.verified).toBe(true);
  });
});

describe("FedCM", () => {
  async function parameters(b: Browser): Promise<Json> {
    const res = await request(b, `${s.h.publicUrl}/self-service/fed-cm/parameters`);
    expect(res.status).toBe(200);
    const json = (await res.json()) as Json;
    expectSchema("createFedcmFlowResponse", json);
    return json;
  }

  async function submit(b: Browser, body: Json): Promise<Response> {
    return request(b, `${s.h.publicUrl}/self-service/fed-cm/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it("lists the providers with FedCM and signs in with a verified ID token, once", async () => {
    const b = s.h.browser();
    const params = await parameters(b);
    expect(params.providers).toEqual([
      {
        config_url: `${s.provider.issuer("google")}/fedcm.json`,
        client_id: "moos-google",
        nonce: params.providers[0].nonce,
        parameters: { nonce: params.providers[0].nonce },
      },
    ]);
    const email = uniqueEmail("fedcm");
    const token = idToken("google", {
      sub: `fedcm-${email}`,
      email,
      email_verified: true,
      given_name: "Fee",
      family_name: "Dora",
      nonce: params.providers[0].nonce,
    });
    const res = await submit(b, {
      token,
      csrf_token: params.csrf_token,
      nonce: params.providers[0].nonce,
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as Json;
    expectSchema("successfulNativeLogin", json);
    expect((await b.api.toSession()).identity?.traits).toMatchObject({ email });

    // Another browser lacks the CSRF cookie; this one may not use the nonce twice.
    const other = await submit(s.h.browser(), { token, csrf_token: params.csrf_token });
    expect(other.status).toBe(403);
    const fresh = await parameters(b);
    const again = await submit(b, {
      token,
      csrf_token: fresh.csrf_token,
      nonce: params.providers[0].nonce,
    });
    expect(again.status).toBe(400);
  });

  for (const [name, claims] of [
    ["another audience", { aud: "someone-else" }],
    ["an expired token", { iat: now() - 7200, exp: now() - 600 }],
    ["another nonce", { nonce: "not-ours" }],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const b = s.h.browser();
      const params = await parameters(b);
      const nonce = params.providers[0].nonce as string;
      const token = idToken("google", {
        sub: "fedcm-bad",
        email: "x@example.com",
        nonce,
        ...claims,
      });
      const res = await submit(b, { token, csrf_token: params.csrf_token, nonce });
      expect(res.status).toBe(400);
      const flow = (await res.json()) as Json;
      expectSchema("loginFlow", flow);
      expect(flow.ui.messages[0].context.oidc_error).toBe("id_token_invalid");
      expect((await failure(b.api.toSession())).status).toBe(401);
    });
  }
});

describe("re-authentication of a social-only account", () => {
  it("offers its provider (1010018) instead of a password and refreshes the session", async () => {
    const b = s.h.browser();
    await viaProvider(
      b,
      "google",
      { custom: { email: uniqueEmail("refresh"), first: "Rita", last: "Re" } },
      "registration",
    );
    const before = await b.api.toSession();
    const stored = await s.h.app.deps.persistence.sessions.getSession(before.id);
    stored!.authenticated_at = new Date(Date.now() - 60 * 60 * 1000);
    await s.h.app.deps.persistence.sessions.updateSession(stored!);

    const flow = await b.api.createBrowserLoginFlow({ refresh: true });
    const json = JSON.parse(JSON.stringify(flow)) as Json;
    expect(messageIds(json)).toEqual([1010003]);
    expect(nodeNamed(json, "password")).toBeUndefined();
    expect(nodeNamed(json, "provider", "google")?.meta.label).toMatchObject({ id: 1010018 });
    const started = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "oidc", provider: "google", csrf_token: csrfOf(json) },
      }),
    );
    const answer = await atProvider(b, started.json.redirect_browser_to, {
      custom: {
        email: before.identity!.traits.email,
        first: "Rita",
        last: "Re",
      },
    });
    expect((await backToIdentity(b, answer)).status).toBe(303);
    const after = await b.api.toSession();
    expect(after.id).toBe(before.id);
    expect(after.authenticated_at!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after.authentication_methods).toHaveLength(2);
  });
});

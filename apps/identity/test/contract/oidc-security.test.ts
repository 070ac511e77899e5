import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import type { Browser } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  atProvider,
  backToIdentity,
  type SocialHarness,
  startSocialHarness,
} from "../support/social.ts";
import { csrfOf, failure, type Json, request, uniqueEmail } from "./account-helpers.ts";
import { flowIdOf, startAt } from "./social-helpers.ts";

// The callback's checks one by one (bad input changes nothing, docs/security.md#what-is-protected-and-how): each failure lands on
// the login screen with a message, sets no session and creates nothing.

let s: SocialHarness;
beforeAll(async () => {
  const closedPort = await freePort();
  s = await startSocialHarness({}, [
    {
      id: "down",
      provider: "generic",
      label: "Down",
      client_id: "x",
      client_secret: "y",
      issuer_url: `http://127.0.0.1:${closedPort}/nobody`,
    },
  ]);
});
afterAll(async () => s?.close());
beforeEach(() => {
  s.tamper.with = undefined;
});

async function identityCount(): Promise<number> {
  const { identities } = await s.h.app.deps.persistence.identities.listIdentities({
    pageSize: 500,
  });
  return identities.length;
}

/** Follows a failed callback to its login (or other) flow and returns the flow's first message. */
async function failureShown(b: Browser, res: Response): Promise<Json> {
  expect(res.headers.getSetCookie().some((c) => c.startsWith("ory_kratos_session="))).toBe(false);
  const id = flowIdOf(res);
  const kind = new URL(res.headers.get("location")!).pathname.slice(1);
  const flow = (await (
    await request(b, `${s.h.publicUrl}/self-service/${kind}/flows?id=${id}`)
  ).json()) as Json;
  expectSchema(`${kind}Flow`, flow);
  expect((await failure(b.api.toSession())).status).toBe(401);
  return flow.ui.messages[0] as Json;
}

function expectOidcError(message: Json, code: string): void {
  expect(message).toMatchObject({ id: 4000001, type: "error", context: { oidc_error: code } });
  expect(String(message.text).length).toBeGreaterThan(10);
}

/** Runs a Google sign-in whose authorization URL is changed before the browser goes there. */
async function withChangedRequest(
  change: (url: URL) => void,
): Promise<{ b: Browser; res: Response }> {
  const b = s.h.browser();
  const { url } = await startAt(b, "login", "google");
  const changed = new URL(url);
  change(changed);
  const answer = await atProvider(b, changed.href, {
    custom: { email: uniqueEmail("sec"), first: "Sec", last: "Test" },
  });
  return { b, res: await backToIdentity(b, answer) };
}

/** Replaces the ID token in Google's token response by one the provider signs with other claims. */
function reSignIdToken(change: (claims: Json) => Json): void {
  s.tamper.with = async (url, response) => {
    if (!url.endsWith("/google/token") || !response.ok) return response;
    const body = (await response.json()) as Json;
    const claims = JSON.parse(
      Buffer.from(String(body.id_token).split(".")[1]!, "base64url").toString(),
    ) as Json;
    body.id_token = s.provider.signIdToken("google", change(claims));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
}

describe("state", () => {
  it("refuses a callback without state", async () => {
    const b = s.h.browser();
    const res = await b.fetch(
      `${s.h.publicUrl}/self-service/methods/oidc/callback/google?code=abc`,
    );
    expectOidcError(await failureShown(b, res), "state_missing");
  });

  it("refuses a forged state", async () => {
    const before = await identityCount();
    const b = s.h.browser();
    await startAt(b, "login", "google");
    const res = await b.fetch(
      `${s.h.publicUrl}/self-service/methods/oidc/callback/google?code=abc&state=forged`,
    );
    expectOidcError(await failureShown(b, res), "state_invalid");
    expect(await identityCount()).toBe(before);
  });

  it("refuses a replayed callback", async () => {
    const b = s.h.browser();
    const { url } = await startAt(b, "registration", "google");
    const answer = await atProvider(b, url, {
      custom: { email: uniqueEmail("replay"), first: "Re", last: "Play" },
    });
    expect((await backToIdentity(b, answer)).status).toBe(303);
    const attacker = s.h.browser();
    for (const [name, value] of b.jar.cookies)
      if (name === "ory_kratos_continuity") attacker.jar.cookies.set(name, value);
    const replay = await backToIdentity(attacker, answer);
    expectOidcError(await failureShown(attacker, replay), "state_invalid");
  });

  it("refuses a callback that comes back in another browser (login CSRF)", async () => {
    const victim = s.h.browser();
    const attacker = s.h.browser();
    const { url } = await startAt(attacker, "login", "google");
    const answer = await atProvider(attacker, url, {
      custom: { email: uniqueEmail("csrf"), first: "At", last: "Tacker" },
    });
    const res = await backToIdentity(victim, answer);
    expectOidcError(await failureShown(victim, res), "state_other_browser");
  });

  it("starts over when the flow expired while the customer was at the provider", async () => {
    const b = s.h.browser();
    const { flowId, url } = await startAt(b, "login", "google");
    const answer = await atProvider(b, url, { person: "lena" });
    const flow = await s.h.app.deps.persistence.flows.getFlow(flowId, "login");
    flow!.expires_at = new Date(Date.now() - 60_000);
    await s.h.app.deps.persistence.flows.updateFlow(flow!);
    const res = await backToIdentity(b, answer);
    const message = await failureShown(b, res);
    expect(flowIdOf(res)).not.toBe(flowId);
    expect(message.id).toBe(4010001);
  });

  it("refuses a callback at another provider's address", async () => {
    const b = s.h.browser();
    const { url } = await startAt(b, "login", "google");
    const answer = await atProvider(b, url, { person: "lena" });
    const moved = answer.url.replace("/callback/google", "/callback/facebook");
    expectOidcError(await failureShown(b, await b.fetch(moved)), "provider_mismatch");
  });
});

describe("the provider's answer", () => {
  it("shows the provider's error (the customer cancelled)", async () => {
    const b = s.h.browser();
    const { url } = await startAt(b, "login", "google");
    const res = await backToIdentity(b, await atProvider(b, url, "cancel"));
    const message = await failureShown(b, res);
    expectOidcError(message, "provider_error");
    expect(message.text).toContain("access_denied");
  });

  it("refuses a code bound to another PKCE challenge", async () => {
    const other = createHash("sha256")
      .update("another-verifier-of-enough-length-1234567890")
      .digest("base64url");
    const { b, res } = await withChangedRequest((url) =>
      url.searchParams.set("code_challenge", other),
    );
    expectOidcError(await failureShown(b, res), "token_rejected");
  });

  it("refuses an ID token with another nonce", async () => {
    const { b, res } = await withChangedRequest((url) =>
      url.searchParams.set("nonce", "not-the-nonce"),
    );
    expectOidcError(await failureShown(b, res), "id_token_invalid");
  });

  it("refuses an answer naming another issuer (RFC 9207 iss)", async () => {
    const b = s.h.browser();
    const { url } = await startAt(b, "login", "google");
    const answer = await atProvider(b, url, { person: "lena" });
    const changed = new URL(answer.url);
    changed.searchParams.set("iss", s.provider.issuer("apple"));
    expectOidcError(await failureShown(b, await b.fetch(changed.href)), "id_token_invalid");
  });

  for (const [name, change] of [
    ["another issuer", (c: Json) => ({ ...c, iss: s.provider.issuer("apple") })],
    ["another audience", (c: Json) => ({ ...c, aud: "someone-else" })],
    [
      "an expired",
      (c: Json) => ({ ...c, iat: c.iat - 7200, exp: Math.floor(Date.now() / 1000) - 600 }),
    ],
    ["another nonce in a", (c: Json) => ({ ...c, nonce: "forged" })],
  ] as const) {
    it(`refuses ${name} ID token, validly signed`, async () => {
      const before = await identityCount();
      reSignIdToken(change);
      const { b, res } = await withChangedRequest(() => {});
      expectOidcError(await failureShown(b, res), "id_token_invalid");
      expect(await identityCount()).toBe(before);
    });
  }

  it("refuses an ID token signed with another key", async () => {
    s.tamper.with = async (url, response) => {
      if (!url.endsWith("/google/token")) return response;
      const body = (await response.json()) as Json;
      const claims = JSON.parse(
        Buffer.from(String(body.id_token).split(".")[1]!, "base64url").toString(),
      );
      body.id_token = s.provider.signIdToken("apple", claims);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const { b, res } = await withChangedRequest(() => {});
    expectOidcError(await failureShown(b, res), "id_token_invalid");
  });
});

describe("providers", () => {
  it("answers an unknown provider on the flow (400)", async () => {
    const b = s.h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const res = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "oidc", provider: "myspace", csrf_token: csrfOf(flow) },
      }),
    );
    expect(res.status).toBe(400);
    expectSchema("loginFlow", res.json);
    expectOidcError(res.json.ui.messages[0], "provider_unknown");
  });

  it("says so when a provider cannot be reached, and stores nothing", async () => {
    const b = s.h.browser();
    const flow = await b.api.createBrowserLoginFlow();
    const res = await failure(
      b.api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "oidc", provider: "down", csrf_token: csrfOf(flow) },
      }),
    );
    expect(res.status).toBe(400);
    const message = res.json.ui.messages[0];
    expectOidcError(message, "provider_unavailable");
    expect(message.context.provider).toBe("Down");
    expect(
      res.response.headers.getSetCookie().some((c) => c.startsWith("ory_kratos_continuity")),
    ).toBe(false);
  });

  it("needs the exchange code for app (api) flows", async () => {
    const api = s.h.native();
    const flow = await api.createNativeLoginFlow();
    const res = await failure(
      api.updateLoginFlow({
        flow: flow.id,
        updateLoginFlowBody: { method: "oidc", provider: "google" },
      }),
    );
    expect(res.status).toBe(400);
    expectOidcError(res.json.ui.messages[0], "api_flow_unsupported");
  });
});

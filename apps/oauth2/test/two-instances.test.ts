import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../identity/test/support/free-port.ts";
import { authorizationRequest, customer, relyingParty } from "./support/apps.ts";
import { Browser } from "./support/browser.ts";
import { type Harness, startProvider, uiOrigin } from "./support/harness.ts";
import { type PostgresServer, startPostgres } from "./support/postgres.ts";

// Two instances on one PostgreSQL, as behind a load balancer: both answer for the same issuer,
// and a flow may hop between them at every step.

const redirect = "http://127.0.0.1:7601/callback";
const secret = "shop-secret-0123456789abcdef";
const basic = `Basic ${Buffer.from(`shop:${secret}`).toString("base64")}`;

let postgres: PostgresServer;
let a: Harness;
let b: Harness;
beforeAll(async () => {
  postgres = await startPostgres();
  const issuerPort = await freePort();
  const shared = {
    dsn: postgres.url,
    urls: { self: { issuer: `http://127.0.0.1:${issuerPort}` } },
    clients: [
      {
        client_id: "shop",
        client_secret: secret,
        redirect_uris: [redirect],
        grant_types: ["authorization_code", "refresh_token"],
        skip_consent: true,
      },
    ],
  };
  // Started at the same moment: migrations and the first key must not be made twice.
  [a, b] = await Promise.all([startProvider(shared, { port: issuerPort }), startProvider(shared)]);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await postgres?.stop();
});

/** The URL on one particular instance (both answer for the issuer, A's address). */
function on(instance: Harness, url: string | URL): URL {
  const moved = new URL(url);
  const target = new URL(instance.publicUrl);
  moved.host = target.host;
  return moved;
}

async function jwks(instance: Harness): Promise<string[]> {
  const response = await fetch(on(instance, `${a.issuer}/.well-known/jwks.json`));
  const { keys } = (await response.json()) as { keys: { kid: string }[] };
  return keys.map((k) => k.kid).sort();
}

async function token(instance: Harness, form: Record<string, string>): Promise<Response> {
  return fetch(on(instance, `${a.issuer}/oauth2/token`), {
    method: "POST",
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token?: string;
}

/** A sign-in whose every step alternates between the two instances. */
async function hoppingSignIn(browser: Browser, scope = "openid email profile") {
  const rp = await relyingParty(a.issuer, { clientId: "shop", secret, redirectUri: redirect });
  const request = await authorizationRequest(rp, { scope });
  const toLogin = await browser.follow(request.url, (l) => l.origin === uiOrigin);
  const login = await b.oauth2.getOAuth2LoginRequest({
    loginChallenge: toLogin.searchParams.get("login_challenge")!,
  });
  const accepted = await b.oauth2.acceptOAuth2LoginRequest({
    loginChallenge: login.challenge,
    acceptOAuth2LoginRequest: {
      subject: login.skip ? login.subject : customer.subject,
      remember: true,
    },
  });
  const toConsent = await browser.follow(on(b, accepted.redirect_to), (l) => l.origin === uiOrigin);
  const consentChallenge = toConsent.searchParams.get("consent_challenge")!;
  const { redirect_to } = await a.oauth2.acceptOAuth2ConsentRequest({
    consentChallenge,
    acceptOAuth2ConsentRequest: {
      grant_scope: scope.split(" "),
      session: { id_token: customer.claims },
    },
  });
  const callback = await browser.follow(on(a, redirect_to), (l) => l.href.startsWith(redirect));
  const response = await token(b, {
    grant_type: "authorization_code",
    code: callback.searchParams.get("code")!,
    redirect_uri: redirect,
    code_verifier: request.verifier,
  });
  expect(response.status).toBe(200);
  return { login, tokens: (await response.json()) as Tokens };
}

describe("two instances on one PostgreSQL", () => {
  it("made one signing key between them and publish the same keys", async () => {
    const kids = await jwks(a);
    expect(kids).toHaveLength(1);
    expect(await jwks(b)).toEqual(kids);
  });

  it("continue each other's interactions, sessions and codes", async () => {
    const browser = new Browser();
    const first = await hoppingSignIn(browser);
    const verifyAtB = createRemoteJWKSet(on(b, `${a.issuer}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(first.tokens.id_token, verifyAtB, {
      issuer: a.issuer,
      audience: "shop",
    });
    expect(payload).toMatchObject({ sub: customer.subject, email: customer.claims.email });
    const userinfo = await fetch(on(a, `${a.issuer}/userinfo`), {
      headers: { authorization: `Bearer ${first.tokens.access_token}` },
    });
    expect(userinfo.status).toBe(200);

    // The session made through A and B is known to both.
    const second = await hoppingSignIn(browser);
    expect(second.login.skip).toBe(true);
  });

  it("let only one of two simultaneous redemptions of a refresh token win", async () => {
    const { tokens } = await hoppingSignIn(new Browser(), "openid offline_access");
    const form = { grant_type: "refresh_token", refresh_token: tokens.refresh_token! };
    const answers = await Promise.all([token(a, form), token(b, form)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    // The loser saw a reuse: the whole family is revoked, the winner's new token too.
    const winner = answers.find((r) => r.status === 200)!;
    const rotated = (await winner.json()) as Tokens;
    const next = await token(a, {
      grant_type: "refresh_token",
      refresh_token: rotated.refresh_token!,
    });
    expect(next.status).toBe(400);
  });

  it("sign with a key rotated through the other instance once it reloads", async () => {
    await a.jwk.createJsonWebKeySet({
      set: "hydra.openid.id-token",
      createJsonWebKeySet: { alg: "RS256", kid: "rotated-on-a", use: "sig" },
    });
    await b.app.host.refresh();
    expect(await jwks(b)).toContain("rotated-on-a");
    const { tokens } = await hoppingSignIn(new Browser());
    expect(decodeProtectedHeader(tokens.id_token).kid).toBe("rotated-on-a");
  });
});

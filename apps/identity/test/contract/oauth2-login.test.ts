import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, type Harness, startHarness } from "../support/harness.ts";
import {
  type Authorization,
  authorize,
  finishAtShop,
  identityOverridesFor,
  type OAuth2Side,
  providerPorts,
  shopClient,
  startOAuth2Provider,
} from "../support/oauth2.ts";
import { expectSchema } from "../support/openapi.ts";
import { SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { harnessWithWebauthn, webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  body,
  createAccount,
  csrfOf,
  failure,
  type Json,
  password,
  request,
  signInBrowser,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  ceremonyOptionsOf,
  nodeOf,
  settingsFlow,
  setUpTotp,
  submitLogin,
  submitSettings,
  totpCode,
} from "./second-factor-helpers.ts";

// The identity service as the OpenID Connect provider's login app (Kratos's
// `oauth2_provider.url`), against the real apps/oauth2 in this process: a shop's backend
// (openid-client) starts an authorization, the browser arrives with `login_challenge`, signs in
// by each method, and the identity service accepts the login request and sends the browser
// back to the provider, which ends at the shop with an ID token for the identity.

let side: OAuth2Side;
let h: Harness;
beforeAll(async () => {
  const ports = await providerPorts();
  [side, h] = await Promise.all([
    startOAuth2Provider(ports),
    startHarness({
      ...identityOverridesFor(ports),
      selfservice: {
        methods: {
          ...harnessWithWebauthn.selfservice.methods,
          totp: { enabled: true },
          code: { passwordless_enabled: true },
        },
      },
    }),
  ]);
});
afterAll(async () => {
  await h?.close();
  await side?.close();
});

/** A browser the shop sent to the provider; it arrives at the login app with a challenge. */
async function fromShop(b = h.browser()): Promise<{ b: Browser; auth: Authorization }> {
  return { b, auth: await authorize(b, await shopClient(side)) };
}

async function loginFlow(b: Browser, query: string): Promise<{ status: number; json: Json }> {
  const res = await request(b, `${h.publicUrl}/self-service/login/browser?${query}`);
  return { status: res.status, json: (await res.json()) as Json };
}

/** The provider URL a 422 browser_location_change_required names. */
function providerTarget(answer: { status: number; json: Json }): string {
  expect(answer.status).toBe(422);
  expectSchema("errorBrowserLocationChangeRequired", answer.json);
  const target = String(answer.json.redirect_browser_to);
  expect(target.startsWith(`${side.issuer}/`)).toBe(true);
  return target;
}

async function signInWithPassword(b: Browser, auth: Authorization, email: string) {
  const { json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
  return submitLogin(h, b, flow, { method: "password", identifier: email, password });
}

describe("without oauth2_provider.url", () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness();
  });
  afterAll(async () => plain?.close());

  it("login_challenge is refused, as Kratos refuses it", async () => {
    const res = await request(
      plain.browser(),
      `${plain.publicUrl}/self-service/login/browser?login_challenge=abc`,
    );
    expect(res.status).toBe(400);
    const json = (await res.json()) as Json;
    expect(json.error.reason).toContain("oauth2_provider.url");
  });
});

describe("login_challenge on the login flow", () => {
  it("stores the challenge and shows the provider's login request on the flow", async () => {
    const { b, auth } = await fromShop();
    const { json: flow } = await body(
      b.api.createBrowserLoginFlowRaw({ loginChallenge: auth.challenge }),
      "loginFlow",
    );
    expect(flow.oauth2_login_challenge).toBe(auth.challenge);
    expect(flow.oauth2_login_request).toMatchObject({
      challenge: auth.challenge,
      skip: false,
      client: { client_id: "moos-shop" },
    });
    const { json: again } = await body(b.api.getLoginFlowRaw({ id: flow.id }), "loginFlow");
    expect(again.oauth2_login_request.client.client_id).toBe("moos-shop");
  });

  it("refuses an empty or unknown challenge with Kratos's reason and the provider's status", async () => {
    const b = h.browser();
    const empty = await loginFlow(b, "login_challenge=");
    expect(empty.status).toBe(400);
    expect(empty.json.error.reason).toBe("the login_challenge parameter is present but empty");
    const unknown = await loginFlow(b, "login_challenge=not-a-challenge");
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      reason: "Unable to get OAuth 2.0 Login Challenge.",
      details: { status_code: 404 },
    });
  });
});

describe("accepting the login request after sign-in", () => {
  it("password (JSON): 422 to the provider, which ends at the shop with the identity as subject", async () => {
    const email = uniqueEmail("oauth2-pw");
    const identity = await createAccount(h, email);
    const { b, auth } = await fromShop();
    const answer = await signInWithPassword(b, auth, email);
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims.sub).toBe(identity.id);
    expect(claims.amr).toEqual(["password"]);
    // The identity service's session exists too: the customer is signed in to Moos.
    expect((await b.api.toSession()).identity?.id).toBe(identity.id);
  });

  it("password (HTML form): a 303 to the provider", async () => {
    const email = uniqueEmail("oauth2-form");
    const identity = await createAccount(h, email);
    const { b, auth } = await fromShop();
    const { json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
    const res = await request(b, `${h.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      accept: "text/html",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        method: "password",
        identifier: email,
        password,
        csrf_token: csrfOf(flow),
      }).toString(),
    });
    expect(res.status).toBe(303);
    const target = res.headers.get("location")!;
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    expect((await finishAtShop(b, side, await shopClient(side), auth, target)).sub).toBe(
      identity.id,
    );
  });

  it("accepts at once when the provider remembers the login and the session is there (skip)", async () => {
    const email = uniqueEmail("oauth2-skip");
    const identity = await createAccount(h, email);
    const { b, auth } = await fromShop();
    const first = await signInWithPassword(b, auth, email);
    await finishAtShop(b, side, await shopClient(side), auth, providerTarget(first));

    const { auth: second } = await fromShop(b);
    // A browser navigation: straight back to the provider, no flow, no form.
    const res = await request(
      b,
      `${h.publicUrl}/self-service/login/browser?login_challenge=${second.challenge}`,
      { accept: "text/html" },
    );
    expect(res.status).toBe(303);
    const target = res.headers.get("location")!;
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    const claims = await finishAtShop(b, side, await shopClient(side), second, target);
    expect(claims.sub).toBe(identity.id);
  });

  it("asks a signed-in customer the provider does not remember to confirm (refresh)", async () => {
    const email = uniqueEmail("oauth2-refresh");
    await createAccount(h, email);
    const b = await signInBrowser(h, email);
    const { auth } = await fromShop(b);
    const { status, json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
    expect(status).toBe(200);
    expect(flow.refresh).toBe(true);
    expect(nodeOf(flow, "identifier")?.attributes.value).toBe(email);
    const answer = await submitLogin(h, b, flow, {
      method: "password",
      identifier: email,
      password,
    });
    await finishAtShop(b, side, await shopClient(side), auth, providerTarget(answer));
  });

  it("the second factor: the aal2 step carries the challenge and answers the provider", async () => {
    const email = uniqueEmail("oauth2-2fa");
    const identity = await createAccount(h, email);
    const setup = await signInBrowser(h, email);
    const { secret } = await setUpTotp(h, setup);
    const { b, auth } = await fromShop();
    const first = await signInWithPassword(b, auth, email);
    expect(first.status).toBe(422);
    const step = new URL(String(first.json.redirect_browser_to));
    expect(step.pathname).toBe("/self-service/login/browser");
    expect(step.searchParams.get("aal")).toBe("aal2");
    expect(step.searchParams.get("login_challenge")).toBe(auth.challenge);

    const { json: aal2 } = await loginFlow(b, step.search.slice(1));
    expect(aal2.requested_aal).toBe("aal2");
    expect(aal2.oauth2_login_challenge).toBe(auth.challenge);
    const answer = await submitLogin(h, b, aal2, {
      method: "totp",
      totp_code: totpCode(secret, 1),
    });
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims.sub).toBe(identity.id);
    expect(claims.amr).toEqual(["password", "totp"]);
  });

  it("a code by email (passwordless)", async () => {
    const email = uniqueEmail("oauth2-code");
    await createAccount(h, email);
    const { b, auth } = await fromShop();
    const { json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
    const mark = h.mails.length;
    const sent = await submitLogin(h, b, flow, { method: "code", identifier: email });
    expect(sent.status).toBe(400);
    const code = await h.codeFor(email, { after: mark });
    const answer = await submitLogin(h, b, sent.json, { method: "code", code });
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims.amr).toEqual(["code"]);
  });

  it("a passkey", async () => {
    const email = uniqueEmail("oauth2-passkey");
    const identity = await createAccount(h, email);
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const setup = await signInBrowser(h, email);
    const settings = await settingsFlow(setup);
    const added = await submitSettings(h, setup, settings, {
      passkey_settings_register: key.register(ceremonyOptionsOf(settings, "passkey_create_data")),
    });
    expect(added.status).toBe(200);

    const { b, auth } = await fromShop();
    const { json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
    const answer = await submitLogin(h, b, flow, {
      method: "passkey",
      passkey_login: key.assert(ceremonyOptionsOf(flow, "passkey_challenge")),
    });
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims.sub).toBe(identity.id);
    expect(claims.amr).toEqual(["passkey"]);
  });
});

describe("login_challenge on the registration flow", () => {
  it("verifies the address first, then the verification's continue link answers the provider", async () => {
    const email = uniqueEmail("oauth2-signup");
    const { b, auth } = await fromShop();
    const { json: flow } = await body(
      b.api.createBrowserRegistrationFlowRaw({ loginChallenge: auth.challenge }),
      "registrationFlow",
    );
    expect(flow.oauth2_login_challenge).toBe(auth.challenge);
    expect(flow.oauth2_login_request.client.client_id).toBe("moos-shop");
    const mark = h.mails.length;
    const { json: done } = await body(
      b.api.updateRegistrationFlowRaw({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: "password",
          traits: traitsOf(email),
          password,
          csrf_token: csrfOf(flow),
        },
      }),
      "successfulNativeRegistration",
    );
    const show = done.continue_with.find((c: Json) => c.action === "show_verification_ui");
    expect(show).toBeDefined();

    const verification = await b.api.getVerificationFlow({ id: show.flow.id });
    const code = await h.codeFor(email, { after: mark });
    const passed = await b.api.updateVerificationFlow({
      flow: verification.id,
      updateVerificationFlowBody: { method: "code", code, csrf_token: csrfOf(verification) },
    });
    expect(passed.state).toBe("passed_challenge");
    const onward = passed.ui.nodes.find((n) => (n.attributes as Json).id === "continue");
    const target = String((onward?.attributes as Json | undefined)?.href);
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    const claims = await finishAtShop(b, side, await shopClient(side), auth, target);
    expect(claims.sub).toBe(done.identity.id);
  });

  it("without verification: continue_with redirect_browser_to names the provider", async () => {
    const email = uniqueEmail("oauth2-code-signup");
    const { b, auth } = await fromShop();
    const flow = await b.api.createBrowserRegistrationFlow({ loginChallenge: auth.challenge });
    const mark = h.mails.length;
    const sent = await failure(
      b.api.updateRegistrationFlow({
        flow: flow.id,
        updateRegistrationFlowBody: {
          method: "code",
          traits: traitsOf(email),
          csrf_token: csrfOf(flow),
        },
      }),
    );
    const code = await h.codeFor(email, { after: mark });
    const done = await b.api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: {
        method: "code",
        code,
        traits: traitsOf(email),
        csrf_token: csrfOf(sent.json),
      },
    });
    const redirect = done.continue_with?.find((c) => c.action === "redirect_browser_to");
    const target =
      redirect && "redirect_browser_to" in redirect ? redirect.redirect_browser_to : "";
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    const claims = await finishAtShop(b, side, await shopClient(side), auth, target);
    expect(claims.sub).toBe(done.identity.id);
  });

  it("accepts at once for a signed-in customer the provider remembers (skip)", async () => {
    const email = uniqueEmail("oauth2-signup-skip");
    const identity = await createAccount(h, email);
    const { b, auth } = await fromShop();
    const first = await signInWithPassword(b, auth, email);
    await finishAtShop(b, side, await shopClient(side), auth, providerTarget(first));
    const { auth: second } = await fromShop(b);
    const res = await request(
      b,
      `${h.publicUrl}/self-service/registration/browser?login_challenge=${second.challenge}`,
      { accept: "text/html" },
    );
    expect(res.status).toBe(303);
    const target = res.headers.get("location")!;
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    expect((await finishAtShop(b, side, await shopClient(side), second, target)).sub).toBe(
      identity.id,
    );
  });

  it("sends a signed-in customer the provider does not remember to the login flow", async () => {
    const email = uniqueEmail("oauth2-signup-signed-in");
    await createAccount(h, email);
    const b = await signInBrowser(h, email);
    const { auth } = await fromShop(b);
    const res = await request(
      b,
      `${h.publicUrl}/self-service/registration/browser?login_challenge=${auth.challenge}`,
      { accept: "text/html" },
    );
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get("location")!);
    expect(target.pathname).toBe("/self-service/login/browser");
    expect(target.searchParams.get("login_challenge")).toBe(auth.challenge);
  });
});

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
import { SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { harnessWithWebauthn, webauthnOrigin, webauthnRpId } from "../support/webauthn-config.ts";
import {
  createAccount,
  type Json,
  password,
  request,
  signInBrowser,
  uniqueEmail,
} from "./account-helpers.ts";
import {
  ceremonyOptionsOf,
  settingsFlow,
  setUpTotp,
  submitLogin,
  submitSettings,
  totpCode,
} from "./second-factor-helpers.ts";

// A client that asks for a second factor (`acr_values=aal2`, as the customer-service console
// does: docs/openid-provider.md#assurance-levels) gets one even where customers are not asked
// for it (`session.whoami.required_aal: aal1` here), and the ID token says what was done: the
// session's level as `acr`, its methods as `amr`.

let side: OAuth2Side;
let h: Harness;
beforeAll(async () => {
  const ports = await providerPorts();
  [side, h] = await Promise.all([
    startOAuth2Provider(ports),
    startHarness({
      ...identityOverridesFor(ports),
      session: { whoami: { required_aal: "aal1" } },
      selfservice: {
        methods: { ...harnessWithWebauthn.selfservice.methods, totp: { enabled: true } },
      },
    }),
  ]);
});
afterAll(async () => {
  await h?.close();
  await side?.close();
});

const aal2 = { acr_values: "aal2" };

async function loginFlow(b: Browser, query: string): Promise<{ status: number; json: Json }> {
  const res = await request(b, `${h.publicUrl}/self-service/login/browser?${query}`);
  return { status: res.status, json: (await res.json()) as Json };
}

async function signInWithPassword(b: Browser, auth: Authorization, email: string) {
  const { json: flow } = await loginFlow(b, `login_challenge=${auth.challenge}`);
  return submitLogin(h, b, flow, { method: "password", identifier: email, password });
}

function providerTarget(answer: { status: number; json: Json }): string {
  expect(answer.status).toBe(422);
  const target = String(answer.json.redirect_browser_to);
  expect(target.startsWith(`${side.issuer}/`)).toBe(true);
  return target;
}

async function accountWithTotp(
  prefix: string,
): Promise<{ id: string; email: string; secret: string }> {
  const email = uniqueEmail(prefix);
  const identity = await createAccount(h, email);
  const { secret } = await setUpTotp(h, await signInBrowser(h, email));
  return { id: identity.id, email, secret };
}

describe("acr_values=aal2", () => {
  it("without it, a password is enough", async () => {
    const account = await accountWithTotp("acr-none");
    const b = h.browser();
    const auth = await authorize(b, await shopClient(side));
    const answer = await signInWithPassword(b, auth, account.email);
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims).toMatchObject({ sub: account.id, amr: ["password"] });
  });

  it("asks for the second factor after the password; the ID token says acr aal2", async () => {
    const account = await accountWithTotp("acr-aal2");
    const b = h.browser();
    const auth = await authorize(b, await shopClient(side), aal2);
    const first = await signInWithPassword(b, auth, account.email);
    expect(first.status).toBe(422);
    const step = new URL(String(first.json.redirect_browser_to));
    expect(step.searchParams.get("aal")).toBe("aal2");
    expect(step.searchParams.get("login_challenge")).toBe(auth.challenge);
    const { json: flow } = await loginFlow(b, step.search.slice(1));
    const answer = await submitLogin(h, b, flow, {
      method: "totp",
      totp_code: totpCode(account.secret, 1),
    });
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims).toMatchObject({ sub: account.id, acr: "aal2", amr: ["password", "totp"] });
  });

  it("raises a remembered sign-in without a second factor instead of handing it over", async () => {
    const account = await accountWithTotp("acr-skip");
    const b = h.browser();
    const first = await authorize(b, await shopClient(side));
    const answer = await signInWithPassword(b, first, account.email);
    await finishAtShop(b, side, await shopClient(side), first, providerTarget(answer));

    const second = await authorize(b, await shopClient(side), aal2);
    const { status, json: flow } = await loginFlow(b, `login_challenge=${second.challenge}`);
    expect(status).toBe(200);
    expect(flow.requested_aal).toBe("aal2");
    const done = await submitLogin(h, b, flow, {
      method: "totp",
      totp_code: totpCode(account.secret, 1),
    });
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      second,
      providerTarget(done),
    );
    expect(claims).toMatchObject({ acr: "aal2", amr: ["password", "totp"] });
  });

  it("hands over a sign-in of someone with no second factor as it is (acr aal1)", async () => {
    const email = uniqueEmail("acr-none-set-up");
    await createAccount(h, email);
    const b = h.browser();
    const auth = await authorize(b, await shopClient(side), aal2);
    const answer = await signInWithPassword(b, auth, email);
    const claims = await finishAtShop(
      b,
      side,
      await shopClient(side),
      auth,
      providerTarget(answer),
    );
    expect(claims).toMatchObject({ acr: "aal1", amr: ["password"] });
  });

  it("takes a passkey as it is: the device and its PIN or biometrics are two factors", async () => {
    const email = uniqueEmail("acr-passkey");
    const identity = await createAccount(h, email);
    const key = new SoftwareAuthenticator(webauthnOrigin, webauthnRpId);
    const setup = await signInBrowser(h, email);
    const settings = await settingsFlow(setup);
    const added = await submitSettings(h, setup, settings, {
      passkey_settings_register: key.register(ceremonyOptionsOf(settings, "passkey_create_data")),
    });
    expect(added.status).toBe(200);
    const b = h.browser();
    const auth = await authorize(b, await shopClient(side), aal2);
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
    expect(claims).toMatchObject({ sub: identity.id, acr: "aal1", amr: ["passkey"] });
  });
});

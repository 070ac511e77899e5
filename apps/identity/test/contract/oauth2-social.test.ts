import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorize,
  finishAtShop,
  identityOverridesFor,
  type OAuth2Side,
  providerPorts,
  shopClient,
  startOAuth2Provider,
} from "../support/oauth2.ts";
import {
  atProvider,
  backToIdentity,
  type SocialHarness,
  startSocialHarness,
} from "../support/social.ts";
import { csrfOf, failure } from "./account-helpers.ts";

// Social sign-in (the local Google stand-in) as the OpenID Connect provider's login app: the
// challenge rides on the login flow to Google and back, and on the registration flow a new
// profile continues in, so the callback ends at the shop.

let side: OAuth2Side;
let s: SocialHarness;
beforeAll(async () => {
  const ports = await providerPorts();
  [side, s] = await Promise.all([
    startOAuth2Provider(ports),
    startSocialHarness(identityOverridesFor(ports)),
  ]);
});
afterAll(async () => {
  await s?.close();
  await side?.close();
});

async function viaGoogle(person: string) {
  const b = s.h.browser();
  const auth = await authorize(b, await shopClient(side));
  const flow = await b.api.createBrowserLoginFlow({ loginChallenge: auth.challenge });
  const started = await failure(
    b.api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: { method: "oidc", provider: "google", csrf_token: csrfOf(flow) },
    }),
  );
  expect(started.status).toBe(422);
  const callback = await backToIdentity(
    b,
    await atProvider(b, String(started.json.redirect_browser_to), { person }),
  );
  return { b, auth, callback };
}

describe("social sign-in with a login challenge", () => {
  it("registers a new customer from the login flow and ends at the shop, then signs in again", async () => {
    const first = await viaGoogle("lena");
    expect(first.callback.status).toBe(303);
    const target = first.callback.headers.get("location")!;
    expect(target.startsWith(`${side.issuer}/`)).toBe(true);
    const claims = await finishAtShop(first.b, side, await shopClient(side), first.auth, target);
    const session = await first.b.api.toSession();
    expect(claims.sub).toBe(session.identity?.id);
    expect(claims.amr).toEqual(["oidc"]);

    const again = await viaGoogle("lena");
    const back = again.callback.headers.get("location")!;
    expect(back.startsWith(`${side.issuer}/`)).toBe(true);
    expect((await finishAtShop(again.b, side, await shopClient(side), again.auth, back)).sub).toBe(
      claims.sub,
    );
  });
});

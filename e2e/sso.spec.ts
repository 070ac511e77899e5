// One account for the shop and the app (docs/openid-provider.md): the example shop (apps/shop-example, on
// openid-client) signs its customers in through Moos's OpenID Connect provider, whose login,
// consent and logout screens are the web app's. A password, the local Google stand-in, a
// second factor and a new account with its verification and newsletter question all end back
// at the shop, which shows the name; logging out at the shop ends the Moos session and logging
// out of Moos ends the shop's (back-channel logout). A partner that is not Moos's own is asked
// for consent; a native app signs in with PKCE and a loopback redirect. With and without
// JavaScript (the projects), in German and English.

import * as oidc from "openid-client";
import { ConsentScreen } from "./screens/consent-screen.ts";
import { OAuth2LogoutScreen } from "./screens/oauth2-logout-screen.ts";
import { newProviderPerson } from "./screens/provider-screen.ts";
import { ShopScreen } from "./screens/shop-screen.ts";
import { newAccountData } from "./support/identity-admin.ts";
import { english, format, german, type Language, languages } from "./support/languages.ts";
import { startLoopbackClient } from "./support/loopback-client.ts";
import { Mailbox } from "./support/mailbox.ts";
import { registerPartner } from "./support/partner-client.ts";
import { oauth2Services } from "./support/services/service-set.ts";
import { expect, test } from "./support/test.ts";
import { AuthenticatorApp, twoFactorScreens } from "./support/two-factor.ts";

const SHOP = "Moos Shop";

function continueToShop(lang: Language): string {
  return format(lang.t.oauth2.continueTo, { client: SHOP });
}

for (const lang of languages) {
  test.describe(`sign-in at the shop through Moos (${lang.code})`, () => {
    test.use({ lang });

    test("with a password; logging out at the shop ends the Moos session too", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash } = screens;
      const shop = new ShopScreen(page, lang);
      await shop.open();
      await shop.expectSignedOut();
      await shop.logIn();
      // The shop asked in its language (ui_locales); the login names where it goes on to.
      await login.expectEmailStep();
      await expect(page.getByText(continueToShop(lang))).toBeVisible();
      await login.expectAccessible("login for the shop");
      await login.logIn(account.email, account.password);
      await shop.expectSignedIn(`${account.firstName} ${account.lastName}`);

      await shop.logOut();
      await shop.expectSignedOut();
      await splash.open();
      await splash.expectSignedOut();
    });

    test("logging out of Moos ends the shop's session (back-channel logout)", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash } = screens;
      const shop = new ShopScreen(page, lang);
      await shop.open();
      await shop.logIn();
      await login.logIn(account.email, account.password);
      await shop.expectSignedIn(`${account.firstName} ${account.lastName}`);

      await splash.open();
      await splash.expectSignedIn(account.email);
      await splash.logOut();
      await shop.open();
      await shop.expectSignedOut();
    });
  });
}

test.describe("sign-in at the shop through Moos (de)", () => {
  test.use({ lang: german });

  test("with the local Google stand-in: a new customer answers the newsletter question first", async ({
    page,
    screens,
  }) => {
    const { login, provider, newsletter } = screens;
    const shop = new ShopScreen(page, german);
    const person = newProviderPerson();
    await shop.open();
    await shop.logIn();
    await login.expectEmailStep();
    await login.continueWith("Google");
    await provider.signInAs("Google", person);
    await newsletter.expectQuestion();
    await newsletter.decline();
    await shop.expectSignedIn(`${person.first} ${person.last}`);
  });

  test("a new account: registration, the code from the email, the newsletter, back at the shop", async ({
    page,
    screens,
  }) => {
    const { login, registration, verification, newsletter } = screens;
    const shop = new ShopScreen(page, german);
    const account = newAccountData();
    const mailbox = new Mailbox(account.email);
    await shop.open();
    await shop.logIn();
    await login.expectEmailStep();
    await login.link(german.t.common.createAccount).click();
    // The challenge went along: the registration says where it goes on to.
    await registration.expectShown();
    await expect(page.getByText(continueToShop(german))).toBeVisible();
    await registration.register({ ...account, repeatPassword: account.password });
    await verification.expectCodeStep(account.email);
    await verification.enterCode((await mailbox.nextCode()).code);
    await verification.expectVerified();
    await verification.continue();
    await newsletter.expectQuestion();
    await newsletter.decline();
    await shop.expectSignedIn(`${account.firstName} ${account.lastName}`);
  });

  test("a native app: authorization code with PKCE to a loopback port, through the Moos login", async ({
    page,
    screens,
    account,
  }) => {
    const { login } = screens;
    const app = await startLoopbackClient();
    try {
      const { issuer } = oauth2Services();
      const client = await oidc.discovery(new URL(issuer), "moos-app", undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
      });
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: app.redirectUri,
        scope: "openid email profile offline_access",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      });
      await page.goto(url.href);
      await login.logIn(account.email, account.password);
      await expect(page).toHaveURL(new RegExp(`^${app.redirectUri}\\?`));
      const tokens = await oidc.authorizationCodeGrant(client, new URL(page.url()), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        idTokenExpected: true,
      });
      expect(tokens.claims()).toMatchObject({
        email: account.email,
        email_verified: true,
        given_name: account.firstName,
      });
      expect(tokens.refresh_token).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});

test.describe("sign-in at the shop through Moos (en)", () => {
  test.use({ lang: english });

  test("with a second factor: the authenticator app's code, then back at the shop", async ({
    page,
    screens,
    account,
    javaScriptEnabled,
  }) => {
    const { login, splash } = screens;
    const { twoFactor, secondFactor } = twoFactorScreens(page, english, javaScriptEnabled);
    await login.open();
    await login.logIn(account.email, account.password);
    await splash.expectSignedIn(account.email);
    await twoFactor.openFromSettings();
    const authenticator = new AuthenticatorApp(await twoFactor.appSecret());
    await twoFactor.enterAppCode(await authenticator.nextCode());
    await twoFactor.expectAppSetUp();
    await splash.open();
    await splash.logOut();

    const shop = new ShopScreen(page, english);
    await shop.open();
    await shop.logIn();
    await login.logIn(account.email, account.password);
    await secondFactor.expectShown();
    await secondFactor.enterAppCode(await authenticator.nextCode());
    await shop.expectSignedIn(`${account.firstName} ${account.lastName}`);
  });

  test("a partner that is not Moos's own asks for consent and before logging out of Moos", async ({
    page,
    screens,
    account,
    javaScriptEnabled,
  }) => {
    const { login, splash } = screens;
    const consent = new ConsentScreen({ page, lang: english, javaScriptEnabled });
    const logout = new OAuth2LogoutScreen({ page, lang: english, javaScriptEnabled });
    // A shop platform registers through the admin API (README: "How a shop platform registers
    // as a client").
    const partner = await registerPartner("Partner Garden");
    try {
      const first = await partner.authorize(page, english);
      await login.logIn(account.email, account.password);
      await consent.expectShown("Partner Garden", account.email);
      await consent.expectAccessible("consent");
      await consent.allow({ withhold: ["profile"] });
      await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?`));
      const tokens = await oidc.authorizationCodeGrant(partner.client, new URL(page.url()), {
        pkceCodeVerifier: first.verifier,
        expectedState: first.state,
        idTokenExpected: true,
      });
      expect(tokens.claims()?.email).toBe(account.email);
      expect(tokens.claims()).not.toHaveProperty("name");

      // Not remembered: asked again, and a "no" reaches the partner as access_denied.
      await partner.authorize(page, english);
      await consent.expectShown("Partner Garden", account.email);
      await consent.deny();
      await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?`));
      expect(new URL(page.url()).searchParams.get("error")).toBe("access_denied");

      // The partner logs the customer out with the ID token: Moos asks, then ends its session.
      const endSession = oidc.buildEndSessionUrl(partner.client, {
        id_token_hint: tokens.id_token ?? "",
        post_logout_redirect_uri: partner.loggedOutUri,
      });
      await page.goto(endSession.href);
      await logout.expectShown("Partner Garden");
      await logout.expectAccessible("logout for a partner");
      await logout.logOut();
      await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?logged-out`));
      await splash.open();
      await splash.expectSignedOut();
    } finally {
      await partner.close();
    }
  });
});

// Passkeys (JavaScript only): add one in settings with Chromium's virtual authenticator, then
// log in with it by the login screen's button; the email field offers it to the browser's
// autofill (`autocomplete="username webauthn"`). And an account made with a passkey alone:
// name and email, "Weiter mit Passkey", then "Mit Passkey registrieren" at the credential choice.
// From password to passkey (docs/sign-in-methods.md#from-password-to-passkey): the offer after a
// password sign-in ("Später" remembered, at most once a browser session), and the passkey
// manager kept in step through the WebAuthn Signal API, which Chromium's virtual authenticator
// carries out: a new name, a passkey removed in settings, a sign-in with a removed passkey.

import { PasskeyOfferScreen } from "./screens/passkey-offer-screen.ts";
import { newAccountData, securityNotices } from "./support/identity-admin.ts";
import { english, german, languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { expect, test } from "./support/test.ts";
import { addVirtualAuthenticator, twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`passkey (${lang.code})`, () => {
    test.use({ lang });

    test("adds a passkey and logs in with it", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash } = screens;
      const { twoFactor, passkeyLogin } = twoFactorScreens(page, lang, javaScriptEnabled);
      const offer = new PasskeyOfferScreen({ page, lang, javaScriptEnabled });
      const authenticator = await addVirtualAuthenticator(page);

      await login.open();
      await login.logIn(account.email, account.password);
      // This device could make one: the offer after sign-in, answered "Später" here.
      await offer.expectShown();
      await offer.later();
      await splash.expectSignedIn(account.email);

      await twoFactor.openFromSettings();
      await twoFactor.addPasskey();
      await twoFactor.expectShown();
      await twoFactor.expectSuccessMessage("1050001");
      await twoFactor.expectOnePasskey();
      await twoFactor.expectAccessible("two-factor settings (passkey)");

      await splash.open();
      await splash.logOut();
      await splash.expectSignedOut();

      // The authenticator would answer the autofill request at once; it waits until the button
      // is pressed, so the button is what signs in here.
      await authenticator.setPresent(false);
      await login.open();
      await passkeyLogin.expectOffered();
      await login.expectAccessible("login (passkey)");
      await authenticator.setPresent(true);
      await passkeyLogin.signIn();
      await splash.expectSignedIn(account.email);
    });

    test("signs up with a passkey alone, verifies the address and logs in with the passkey", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { registration, verification, splash, login, newsletter, settings } = screens;
      const { twoFactor, passkeyLogin } = twoFactorScreens(page, lang, javaScriptEnabled);
      const authenticator = await addVirtualAuthenticator(page);
      const account = newAccountData();
      const mailbox = new Mailbox(account.email);

      await registration.open();
      await registration.continueWithPasskey(account);
      await registration.expectCredentialChoice(account.email);
      await registration.expectAccessible("registration (credential choice)");
      // Back keeps name and email; the choice comes again.
      await registration.back();
      await registration.expectShown();
      await expect(registration.field(registration.labels.email)).toHaveValue(account.email);
      await registration.continueWithPasskey(account);
      await registration.expectCredentialChoice(account.email);

      await registration.signUpWithPasskey();
      await verification.expectCodeStep(account.email);
      await verification.enterCode((await mailbox.nextCode()).code);
      await verification.expectVerified();

      // The account has the passkey (and no password): settings list it, without a name given
      // (Chromium's virtual authenticator is no model the service knows) in the customer's words.
      await twoFactor.openFromSettings();
      await twoFactor.expectOnePasskey(lang.t.twoFactor.settings.unnamedKey);
      await settings.open();
      await settings.logOut();
      await splash.expectSignedOut();

      await authenticator.setPresent(false);
      await login.open();
      await passkeyLogin.expectOffered();
      await authenticator.setPresent(true);
      await passkeyLogin.signIn();
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(account.email);
    });
  });
}

test.describe("passkey managers kept in step (de)", () => {
  test.use({ lang: german });

  test("a passkey from the offer; a new name, its removal and a sign-in with it reach the passkey manager", async ({
    page,
    screens,
    account,
    javaScriptEnabled,
  }) => {
    const { login, splash, settings } = screens;
    const { twoFactor, passkeyLogin } = twoFactorScreens(page, german, javaScriptEnabled);
    const offer = new PasskeyOfferScreen({ page, lang: german, javaScriptEnabled });
    const authenticator = await addVirtualAuthenticator(page);
    const displayNames = async (): Promise<(string | undefined)[]> =>
      (await authenticator.passkeys()).map((passkey) => passkey.userDisplayName);

    await login.open();
    await login.logIn(account.email, account.password);
    await offer.expectShown();
    await offer.create();
    await offer.expectCreated();
    await offer.goOn();
    await splash.expectSignedIn(account.email);
    const made = await authenticator.passkeys();
    expect(made.map((passkey) => [passkey.userName, passkey.userDisplayName])).toEqual([
      [account.email, `${account.firstName} ${account.lastName}`],
    ]);
    expect((await securityNotices(account.email)).map((notice) => notice.subject)).toContain(
      "Neuer Passkey für dein Moos-Konto",
    );

    // A new name: the next settings page tells the passkey manager (signalCurrentUserDetails).
    await settings.open();
    await settings.changeNames("Mia", "Moos");
    await settings.expectSuccessMessage("1050001");
    await expect.poll(displayNames).toEqual(["Mia Moos"]);

    // Removed in settings, the last one: the manager drops it (signalAllAcceptedCredentials).
    await twoFactor.openFromSettings();
    await twoFactor.removeOnlyPasskey();
    await expect.poll(displayNames).toEqual([]);

    // A manager that missed that (another device) still has it: signing in with it is refused,
    // and the manager is told to drop it (signalUnknownCredential).
    await authenticator.restore(made);
    await splash.open();
    await splash.logOut();
    await authenticator.setPresent(false);
    await login.open();
    await passkeyLogin.expectOffered();
    await authenticator.setPresent(true);
    await passkeyLogin.signIn();
    await login.expectMessage("4000015");
    await expect.poll(displayNames).toEqual([]);
  });
});

test.describe("the passkey offer (en)", () => {
  test.use({ lang: english });

  test("comes at most once a browser session, and not for 30 days after “Later”", async ({
    page,
    context,
    screens,
    account,
    javaScriptEnabled,
  }) => {
    const { login, splash } = screens;
    const offer = new PasskeyOfferScreen({ page, lang: english, javaScriptEnabled });
    await addVirtualAuthenticator(page);
    const logInWithPassword = async (): Promise<void> => {
      await login.open();
      await login.logIn(account.email, account.password);
    };
    // What a browser forgets when it closes: its session cookies, the offer's mark among them.
    const newBrowserSession = async (): Promise<void> => {
      await splash.logOut();
      await context.clearCookies({ name: "moos_passkey_offered" });
    };

    await logInWithPassword();
    await offer.expectShown();
    // Left without an answer: not offered again in this browser session.
    await splash.open();
    await splash.logOut();
    await logInWithPassword();
    await splash.expectSignedIn(account.email);

    await newBrowserSession();
    await logInWithPassword();
    await offer.expectShown();
    await offer.later();
    await splash.expectSignedIn(account.email);
    const later = (await context.cookies()).find((cookie) => cookie.name === "moos_passkey_later");
    const days = ((later?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await newBrowserSession();
    await logInWithPassword();
    await splash.expectSignedIn(account.email);
  });
});

// The shop's own site may sign in with the account's passkeys (related origins): the browser
// fetches the list from the RP id's host, which is the web app's, and the web app passes the
// path to the identity service (docs/sign-in-methods.md#one-passkey-for-the-shop-and-the-account).
// That the identity service accepts the shop's assertions and refuses another site's is
// apps/identity/test/contract/passkey-upgrade.test.ts's.
test.describe("one passkey for the shop and the account", () => {
  test("the web app serves the related origins at /.well-known/webauthn", async ({ request }) => {
    const response = await request.get("/.well-known/webauthn");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ origins: ["https://www.moos-shop.example"] });
  });
});

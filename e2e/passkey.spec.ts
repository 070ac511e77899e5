// Passkeys (JavaScript only): add one in settings with Chromium's virtual authenticator, then
// log in with it by the login screen's button; the email field offers it to the browser's
// autofill (`autocomplete="username webauthn"`). And an account made with a passkey alone:
// name and email, "Weiter mit Passkey", then "Mit Passkey registrieren" at the credential choice.

import { newAccountData } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
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
      const authenticator = await addVirtualAuthenticator(page);

      await login.open();
      await login.logIn(account.email, account.password);
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

      // The account has the passkey (and no password): settings list it.
      await twoFactor.openFromSettings();
      await twoFactor.expectOnePasskey();
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

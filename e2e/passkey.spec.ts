// Passkeys (JavaScript only): add one in settings with Chromium's virtual authenticator, then
// log in with it by the login screen's button; the email field offers it to the browser's
// autofill (`autocomplete="username webauthn"`).

import { languages } from "./support/languages.ts";
import { test } from "./support/test.ts";
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
  });
}

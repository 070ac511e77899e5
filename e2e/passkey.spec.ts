// Passkeys (JavaScript only): add one in settings with Chromium's virtual authenticator, then
// log in with it from the login screen, whose email field also offers it in the autofill.

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
      await addVirtualAuthenticator(page);

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

      await login.open();
      await passkeyLogin.expectOffered();
      await login.expectAccessible("login (passkey)");
      await passkeyLogin.signIn();
      await splash.expectSignedIn(account.email);
    });
  });
}

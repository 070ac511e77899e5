// Second factors: set up an authenticator app in settings and log in with a code computed
// from the secret the screen shows; create backup codes, log in with one, and see that it
// cannot be used twice (4000012). With and without JavaScript; passkeys say they need it.

import { languages } from "./support/languages.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";
import { AuthenticatorApp, twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`second factor (${lang.code})`, () => {
    test.use({ lang });

    test("sets up an authenticator app and logs in with its code", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash } = screens;
      const { twoFactor, secondFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);

      await twoFactor.openFromSettings();
      await twoFactor.expectAccessible("two-factor settings");
      if (!javaScriptEnabled) await twoFactor.expectPasskeysNeedJavaScript();
      const app = new AuthenticatorApp(await twoFactor.appSecret());
      await twoFactor.enterAppCode("12345");
      await twoFactor.expectFieldError(
        lang.t.twoFactor.settings.totpCodeLabel,
        lang.t.twoFactor.codes.invalid,
      );
      await twoFactor.enterAppCode(await app.nextCode());
      await twoFactor.expectShown();
      await twoFactor.expectSuccessMessage("1050001");
      await twoFactor.expectAppSetUp();

      await splash.open();
      await splash.logOut();
      await splash.expectSignedOut();

      await login.open();
      await login.logIn(account.email, account.password);
      await secondFactor.expectShown();
      await secondFactor.expectAccessible("second factor");
      const code = await app.nextCode();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await secondFactor.enterAppCode(wrong);
      await secondFactor.expectWrongAppCode();
      await secondFactor.enterAppCode(code);
      await splash.expectSignedIn(account.email);
    });

    test("logs in with a backup code once; the same code again is refused", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash } = screens;
      const { twoFactor, secondFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);

      await twoFactor.openFromSettings();
      await twoFactor.createBackupCodes();
      const codes = await twoFactor.backupCodes();
      expect(codes.length).toBeGreaterThan(1);
      await twoFactor.expectAccessible("two-factor settings (new backup codes)");
      await twoFactor.confirmBackupCodes();
      await twoFactor.expectSuccessMessage("1050001");
      await twoFactor.expectBackupCodesSaved();

      const code = codes[0] ?? "";
      for (const attempt of ["first", "again"] as const) {
        await splash.open();
        await splash.logOut();
        await splash.expectSignedOut();
        await login.open();
        await login.logIn(account.email, account.password);
        await secondFactor.expectShown();
        await secondFactor.enterBackupCode(code);
        if (attempt === "first") {
          await splash.expectSignedIn(account.email);
        } else {
          await secondFactor.expectBackupCodeUsed();
          await secondFactor.expectAccessible("second factor (backup code used)");
        }
      }
    });
  });
}

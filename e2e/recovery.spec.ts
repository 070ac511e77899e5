// Forgot password: request a code, enter it from the inbox, land on update password (1060001),
// set a new one (1050001), log out, and log in with the new password only.

import { newAccountData } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { expect, test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`recovery (${lang.code})`, () => {
    test.use({ lang });

    // docs/web-app.md: "Passwort vergessen?" starts with the address typed at login: with JavaScript
    // the typed value, without it the one the flow echoed back. Any address: nothing is looked
    // up, so it says nothing about registration. Used once: the next recovery starts empty.
    test("forgot password carries the address typed at login, once", async ({ screens }) => {
      const { login, recovery } = screens;
      const { email } = newAccountData();
      await login.open();
      await login.enterEmail(email);
      await login.expectPasswordStep(email);
      await login.forgotPassword();
      await recovery.expectEmailStep();
      await expect(recovery.field(lang.t.common.email)).toHaveValue(email);
      await recovery.open();
      await expect(recovery.field(lang.t.common.email)).toHaveValue("");
    });

    test("resets the password with the emailed code and logs in with the new one", async ({
      screens,
      account,
    }) => {
      const { login, recovery, settingsPassword, settings, splash } = screens;
      const { common, validation } = lang.t;
      const mailbox = new Mailbox(account.email);
      const newPassword = "Neue-Kentia-Palme-7";

      await login.open();
      await login.enterEmail(account.email);
      await login.forgotPassword();
      await recovery.expectEmailStep();
      await recovery.expectNoBrowserValidation();
      await recovery.expectAccessible("recovery (email)");
      await recovery.requestCode(account.email);

      await recovery.expectCodeStep();
      await recovery.button(common.continue).click();
      await recovery.expectFieldError(common.code, lang.t.recovery.codeRequired);
      await recovery.expectAccessible("recovery (code)");
      const email = await mailbox.nextCode();
      expect(email.subject).toMatch(lang.emailSubjects.recovery);
      await recovery.enterCode(email.code);

      await settingsPassword.expectRecovered();
      await settingsPassword.expectAccessible("update password (recovered)");
      await settingsPassword.setPassword(newPassword, `${newPassword}-x`);
      await settingsPassword.expectFieldError(
        common.repeatPassword,
        validation.passwordsDoNotMatch,
      );
      await settingsPassword.setPassword(newPassword);

      await settings.expectShown();
      await settings.expectSuccessMessage("1050001");
      await settings.logOut();
      await splash.expectSignedOut();

      await login.open();
      await login.logIn(account.email, account.password);
      await login.expectInvalidCredentials();
      await login.enterPassword(newPassword);
      await splash.expectSignedIn(account.email);
    });
  });
}

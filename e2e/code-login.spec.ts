// Passwordless login by email code: from the password step, "log in with a code instead", a
// wrong code (4010008), then the code from the inbox. With and without JavaScript.

import { languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { test } from "./support/test.ts";
import { twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`code login (${lang.code})`, () => {
    test.use({ lang });

    test("logs in with the code from the email after a wrong one", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash } = screens;
      const { codeLogin } = twoFactorScreens(page, lang, javaScriptEnabled);
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await codeLogin.requestCode();
      await codeLogin.expectShown(account.email);
      await codeLogin.expectAccessible("code login");

      await codeLogin.enterCode("12");
      await codeLogin.expectFieldError(
        lang.t.twoFactor.codeLogin.codeLabel,
        lang.t.twoFactor.codes.invalid,
      );
      const { code } = await mailbox.nextCode();
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await codeLogin.enterCode(wrong);
      await codeLogin.expectInvalidCode();
      await codeLogin.expectAccessible("code login (wrong code)");

      await codeLogin.enterCode(code);
      await splash.expectSignedIn(account.email);
    });

    test("sends a new code on request, and the new code logs in", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash } = screens;
      const { codeLogin } = twoFactorScreens(page, lang, javaScriptEnabled);
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.enterEmail(account.email);
      await codeLogin.requestCode();
      await codeLogin.expectShown(account.email);
      const first = await mailbox.nextCode();
      await codeLogin.resendCode();
      await codeLogin.expectShown(account.email);
      const second = await mailbox.nextCode();
      if (second.code !== first.code) {
        await codeLogin.enterCode(first.code);
        await codeLogin.expectInvalidCode();
      }
      await codeLogin.enterCode(second.code);
      await splash.expectSignedIn(account.email);
    });
  });
}

// Log in (email first, then password): the form's own messages, and an account whose address is
// not verified yet, which is led on to verification (4000010).

import { createAccount } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`login (${lang.code})`, () => {
    test.use({ lang });

    test("an empty email and then an empty password show their messages", async ({
      screens,
      account,
    }) => {
      const { login } = screens;
      const { common, validation } = lang.t;
      await login.open();
      await login.expectNoBrowserValidation();

      await login.button(common.continue).click();
      await login.expectEmailStep();
      await login.expectFieldError(common.email, validation.emailInvalid);

      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await login.expectNoBrowserValidation();
      await login.button(common.logIn).click();
      await login.expectFieldError(common.password, validation.passwordRequired);
    });

    test("an address sent before the page's scripts have run moves on to the password", async ({
      screens,
      account,
    }) => {
      // A customer on a slow connection types fast: the form goes as plain HTML, and the scripts
      // arriving meanwhile for the page being left must not break anything.
      const { login } = screens;
      const releaseScripts = await login.openWithScriptsHeld();
      await login.enterEmail(account.email);
      releaseScripts();
      await login.expectPasswordStep(account.email);
    });

    test("an unverified account is led on to verification, then logs in", async ({ screens }) => {
      const { login, verification, splash } = screens;
      const account = await createAccount({ verified: false });
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.logIn(account.email, account.password);
      await login.expectNotVerified();
      await login.expectAccessible("login (not verified)");

      await login.verifyNow();
      await verification.expectEmailStep();
      await verification.expectAccessible("verification (email)");
      await verification.requestCode(account.email);
      await verification.expectCodeStep(account.email);
      await verification.button(lang.t.verification.verify).click();
      await verification.expectFieldError(
        lang.t.common.verificationCode,
        lang.t.validation.verificationCodeRequired,
      );
      await verification.enterCode((await mailbox.nextCode()).code);
      await verification.expectVerified();

      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await splash.expectAccessible("splash (signed in)");
    });
  });
}

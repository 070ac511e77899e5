// Every screen names itself in the browser tab and to a screen reader (docs/web-app.md): "Anmelden ·
// Moos", "Log in · Moos", not just "Moos". German and English, with and without JavaScript.

import { newAccountData } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`page titles (${lang.code})`, () => {
    test.use({ lang });

    test("each screen has its own title", async ({ page, screens, account }) => {
      const { t } = lang;
      const { splash, login, registration, recovery, verification, settings } = screens;
      const title = (text: string): string => `${text} · Moos`;
      await splash.open();
      await expect(page).toHaveTitle(title(t.splash.pageTitle));
      await login.open();
      await expect(page).toHaveTitle(title(t.login.title));
      await registration.open();
      await expect(page).toHaveTitle(title(t.registration.title));
      await recovery.open();
      await expect(page).toHaveTitle(title(t.recovery.title));
      await page.goto(lang.code === "de" ? "/verification" : "/en/verification");
      await verification.expectEmailStep();
      await expect(page).toHaveTitle(title(t.verification.title));
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      await expect(page).toHaveTitle(title(t.settings.title));
    });

    // With JavaScript, the registration's answer brings the verification screen in by the
    // client router: no page load for a screen reader to announce, so a live region must say
    // the new title (Next's route announcer). Without JavaScript it is a page load, which
    // screen readers announce by its title.
    test("the new title is announced after the form brings the next screen", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { registration, verification } = screens;
      const account = newAccountData();
      const expected = `${lang.t.verification.title} · Moos`;
      await registration.open();
      await registration.register({ ...account, repeatPassword: account.password });
      await verification.expectCodeStep(account.email);
      await expect(page).toHaveTitle(expected);
      if (javaScriptEnabled) {
        // Said once: by our title announcer or by Next's route announcer, never by both.
        const regions = page.getByRole("status").or(page.getByRole("alert"));
        const announcer = regions.filter({ hasText: expected });
        await expect(announcer).toHaveText(expected);
        await expect(page.locator("[data-handled-title]")).toHaveAttribute(
          "data-handled-title",
          expected,
        );
        await expect(announcer).toHaveCount(1);
      }
    });
  });
}

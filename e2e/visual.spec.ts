// Visual check (docs/web-app.md): every screen at 375 px, German and English, in the light and
// the dark colour scheme, compared with committed baselines (e2e/visual.spec.ts-snapshots/,
// made with Debian Chromium; `<lang>-<screen>-dark.png` for dark), so a layout regression fails
// a test. Each screen is shot light, then dark on the same page (the scheme emulated, no second
// journey), then light again. Stable by construction: no caret, no animations (Playwright's screenshot
// defaults), and the page has settled (fonts loaded) before each shot. The signed-out screens
// show no dynamic text (no emails, dates or flow ids); on the signed-in ones the account's
// address and every date are replaced by fixed text (support/steady-text.ts), the QR code is
// masked and its secret fixed. JavaScript project only: without JavaScript the screens render
// the same HTML (see playwright.config.ts).

import type { Locator, Page } from "@playwright/test";
import { languages, localizedPath } from "./support/languages.ts";
import { fixText, steadyText } from "./support/steady-text.ts";
import { expect, test } from "./support/test.ts";
import { twoFactorScreens } from "./support/two-factor.ts";

async function expectScreen(
  page: Page,
  name: string,
  options: { mask?: Locator[] } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const shoot = (file: string): Promise<void> =>
    expect(page).toHaveScreenshot(file, {
      ...options,
      fullPage: true,
      caret: "hide",
      animations: "disabled",
    });
  await shoot(`${name}.png`);
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(`${name}-dark.png`);
  await page.emulateMedia({ colorScheme: "light" });
}

for (const lang of languages) {
  test.describe(`visual (${lang.code})`, () => {
    test.use({ lang, viewport: { width: 375, height: 812 } });

    test("signed-out screens at 375 px match their baselines", async ({
      page,
      screens,
      browserErrors,
    }) => {
      const { splash, login, registration, recovery, verification, notFound, error } = screens;
      const shot = (name: string): Promise<void> => expectScreen(page, `${lang.code}-${name}`);
      await splash.open();
      await splash.expectSignedOut();
      await shot("splash");
      await splash.openRegistration();
      await shot("splash-registration");
      await login.open();
      await login.expectEmailStep();
      await shot("login");
      await registration.open();
      await shot("registration");
      await recovery.open();
      await shot("recovery");
      await page.goto(localizedPath(lang, "/verification"));
      await verification.expectEmailStep();
      await shot("verification");
      await error.open("unknown");
      await error.expectGenericError();
      await shot("error");
      browserErrors.allow(/status of 404/, "the 404 page is opened on purpose");
      await notFound.open("/no-such-page");
      await notFound.expectShown();
      await shot("not-found");
    });

    test("signed-in screens at 375 px match their baselines", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash, settings, settingsPassword, activity, accountDelete } = screens;
      const { twoFactor } = twoFactorScreens(page, lang, true);
      const shot = async (name: string, mask: Locator[] = []): Promise<void> => {
        await steadyText(page, account.email);
        await expect(page.locator("body")).not.toContainText(account.email);
        await expectScreen(page, `${lang.code}-${name}`, { mask });
      };
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      // The sign-in was a step: the screen it led to focuses its heading once hydrated
      // (flow-engine/screen-focus.tsx). Until then the step is pending, and the page load below
      // would take it over and show the heading focused; on a busy machine it sometimes did.
      await page.waitForFunction(() => sessionStorage.getItem("moos.step") === null);
      // As a page load, as every other screen here: the same state for each run.
      await splash.open();
      await splash.expectSignedIn(account.email);
      await shot("signed-in");
      await settings.open();
      await settings.expectShown();
      await shot("settings");
      await page.goto(localizedPath(lang, "/settings/password"));
      await settingsPassword.expectShown();
      await shot("settings-password");
      await page.goto(localizedPath(lang, "/settings/two-factor"));
      await twoFactor.expectShown();
      // The authenticator app's setup: a new secret every time.
      const app = page.getByRole("region", { name: lang.t.twoFactor.settings.totpTitle });
      await fixText(app.getByRole("definition"), "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567");
      await shot("settings-two-factor", [app.getByRole("img", { name: lang.t.kratos["1050005"] })]);
      await activity.open();
      await activity.expectShown();
      await shot("settings-activity");
      await accountDelete.open();
      await accountDelete.expectShown();
      await shot("settings-delete");
    });
  });
}

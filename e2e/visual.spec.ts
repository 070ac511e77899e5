// Visual check (issue 15): every signed-out screen at 375 px, German and English, compared
// with committed baselines (e2e/visual.spec.ts-snapshots/, made with Debian Chromium), so a
// layout regression fails a test. Stable by construction: no caret, no animations (Playwright's
// screenshot defaults), no dynamic text on these screens (no emails, dates or flow ids shown),
// and the page has settled (fonts loaded) before each shot. JavaScript project only: without
// JavaScript the screens render the same HTML (see playwright.config.ts).

import type { Page } from "@playwright/test";
import { languages, localizedPath } from "./support/languages.ts";
import { expect, test } from "./support/test.ts";

async function expectScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage: true,
    caret: "hide",
    animations: "disabled",
  });
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
  });
}

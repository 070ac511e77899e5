// Settings on a phone (docs/web-app.md): grouped in cards, a real heading scale (section titles well
// below the h1), buttons and button-like links that grow with their label instead of spilling
// out (at 320, 368, 375 and 1280 px), and the deep links /settings/password and
// /settings/two-factor that used to bounce back to /settings. German and English, with and
// without JavaScript (the projects).

import { languages } from "./support/languages.ts";
import { atWidth, expectFitsItsBox, expectNoHorizontalScroll, WIDTHS } from "./support/layout.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";
import { twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`settings layout (${lang.code})`, () => {
    test.use({ lang });

    test("sections are cards under a clear heading scale; every button fits its label", async ({
      page,
      screens,
      account,
    }) => {
      const { splash, settings } = screens;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      const main = page.getByRole("main");
      // The cards: the screen itself is no region (docs/accessibility.md), so they sit directly in main.
      const sections = main.locator("section[aria-labelledby]");
      expect(await sections.count()).toBeGreaterThanOrEqual(6);
      for (const section of await sections.all()) {
        await expect(section).toHaveCSS("border-top-style", "solid");
        await expect(section).toHaveCSS("background-color", "rgb(255, 255, 255)");
      }
      const size = async (level: number): Promise<number> =>
        Number.parseFloat(
          await main
            .getByRole("heading", { level })
            .first()
            .evaluate((heading) => getComputedStyle(heading).fontSize),
        );
      expect((await size(1)) - (await size(2))).toBeGreaterThanOrEqual(4);
      for (const width of [...WIDTHS, 368]) {
        await atWidth(page, width);
        await expectNoHorizontalScroll(page);
        const controls = main.locator("a[class*='min-h-button'], button[class*='min-h-button']");
        for (const control of await controls.all()) {
          if (await control.isVisible()) await expectFitsItsBox(control);
        }
        // The linked accounts' names beside their buttons are not squeezed under them.
        for (const provider of ["Apple", "Facebook", "Google"]) {
          await expectFitsItsBox(main.getByText(provider, { exact: true }));
        }
      }
      await settings.expectAccessible("settings (cards)");
    });

    test("/settings/password and /settings/two-factor opened directly show their screens", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash, settingsPassword } = screens;
      const { twoFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      // Signed out first: the sign-in on the way keeps the deep link.
      await page.goto(lang.code === "de" ? "/settings/password" : "/en/settings/password");
      await login.expectEmailStep();
      await login.logIn(account.email, account.password);
      await settingsPassword.expectShown();
      await page.goto(lang.code === "de" ? "/settings/two-factor" : "/en/settings/two-factor");
      await twoFactor.expectShown();
      await page.goto(lang.code === "de" ? "/settings/password" : "/en/settings/password");
      await settingsPassword.expectShown();
      // Settings itself still opens as settings.
      await page.goto(lang.code === "de" ? "/settings" : "/en/settings");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang.t.settings.title);
      await splash.open();
      await splash.expectSignedIn(account.email);
    });
  });
}

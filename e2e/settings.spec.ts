// Settings: a signed-out visit goes through login and back; names change; the devices list
// shows a second browser, and logging that device out signs the other browser out.

import { languages } from "./support/languages.ts";
import { signIn } from "./support/sign-in.ts";
import { screensFor, secondBrowser, test } from "./support/test.ts";

/** The second browser's User-Agent, which the devices list names "Firefox · Windows". */
const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

for (const lang of languages) {
  test.describe(`settings (${lang.code})`, () => {
    test.use({ lang });

    test("a signed-out visit logs in first and comes back to settings", async ({
      screens,
      account,
    }) => {
      const { settings, login } = screens;
      await settings.open();
      await login.expectEmailStep();
      await login.logIn(account.email, account.password);

      await settings.expectShown();
      await settings.expectProfile(account);
    });

    test("changes the first and last name", async ({ page, screens, account }) => {
      const { settings, splash } = screens;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);

      await settings.open();
      await settings.expectShown();
      await settings.expectProfile(account);
      await settings.changeNames("Bernd", "Blattgrün");
      await settings.expectShown();
      await settings.expectSuccessMessage("1050001");
      await settings.expectProfile({ ...account, firstName: "Bernd", lastName: "Blattgrün" });

      await settings.open();
      await settings.expectProfile({ ...account, firstName: "Bernd", lastName: "Blattgrün" });
    });

    test("lists the other browser's session and logs it out", async ({
      screens,
      account,
      browser,
      javaScriptEnabled,
    }) => {
      const { settings, login, splash } = screens;
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);

      const other = await secondBrowser(browser, {
        javaScriptEnabled,
        userAgent: FIREFOX_ON_WINDOWS,
      });
      try {
        const otherScreens = screensFor(await other.newPage(), lang, javaScriptEnabled);
        await otherScreens.login.open();
        await otherScreens.login.logIn(account.email, account.password);
        await otherScreens.splash.expectSignedIn(account.email);

        await settings.open();
        await settings.expectShown();
        await settings.expectOtherDevice("Firefox · Windows");
        await settings.expectAccessible("settings (two devices)");
        await settings.revokeDevice("Firefox · Windows");
        await settings.expectSuccessNote(lang.t.settings.notices.sessionRevoked);
        await settings.expectOnlyThisDevice();

        // The other browser is signed out: its settings ask it to log in again.
        await otherScreens.settings.open();
        await otherScreens.login.expectEmailStep();
        await otherScreens.splash.open();
        await otherScreens.splash.expectSignedOut();
      } finally {
        await other.close();
      }

      // This browser is still signed in.
      await splash.open();
      await splash.expectSignedIn(account.email);
    });
  });
}

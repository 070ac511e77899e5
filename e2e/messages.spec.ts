// Messages that repeat or linger (docs/web-app.md): the "saved" note of settings belongs to settings;
// the password and two-factor screens opened from there start a fresh flow and do not show it
// again, nor does the way back. German and English, with and without JavaScript.

import { languages } from "./support/languages.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";
import { twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`messages (${lang.code})`, () => {
    test.use({ lang });

    test("the saved note of settings does not reappear on the two-factor or password screen", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { splash, settings, settingsPassword } = screens;
      const { twoFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      const saved = page.getByText(lang.t.kratos["1050001"]);
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.changeNames("Erika", "Moos");
      await settings.expectSuccessMessage("1050001");
      const savedFlow = settings.flowId();

      await settings.link(lang.t.twoFactor.settings.open).click();
      await twoFactor.expectShown();
      expect(twoFactor.flowId()).not.toBe(savedFlow);
      await expect(saved).toHaveCount(0);

      await twoFactor.link(lang.t.twoFactor.settings.backToSettings).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang.t.settings.title);
      expect(settings.flowId()).not.toBe(savedFlow);
      await expect(saved).toHaveCount(0);

      await settings.link(lang.t.settings.changePassword).click();
      await settingsPassword.expectShown();
      expect(settingsPassword.flowId()).not.toBe(savedFlow);
      await expect(saved).toHaveCount(0);
    });
  });
}

// Keyboard only (no mouse calls) in settings: change the name (saved in place, the note as a
// toast), change the password (the server refusing one first), subscribe to the newsletter.
// Where focus is after every step and every error, and that no live region is inserted
// together with its text (keyboard.ts).

import { expect } from "@playwright/test";
import { messagePattern } from "../support/languages.ts";
import { test } from "../support/test.ts";
import {
  expectLiveRegionsKept,
  replaceText,
  setups,
  skipToContent,
  tabTo,
  watchLiveRegions,
} from "./keyboard.ts";

for (const { lang, viewport } of setups) {
  test.describe(`keyboard only (${lang.code}, ${viewport.width} px)`, () => {
    test.use({ lang, viewport });

    test("settings: a new name, a new password after a refused one, the newsletter", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash, settings, settingsPassword, newsletterSettings } = screens;
      const { common, kratos, settings: texts, newsletter } = lang.t;
      await watchLiveRegions(page);

      await login.open();
      await skipToContent(page, lang, login.field(common.email));
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await expect(login.field(common.password)).toBeFocused();
      await page.keyboard.type(account.password);
      await page.keyboard.press("Enter");
      await splash.expectSignedIn(account.email);

      await settings.open();
      await settings.expectShown();
      const firstName = settings.field(common.firstName);
      // The profile starts with the email address.
      await skipToContent(page, lang, settings.field(common.email));
      await tabTo(page, firstName);
      await replaceText(page, "Bernd");
      await page.keyboard.press("Enter");
      await settings.expectSuccessMessage("1050001");
      // Saved in place: focus stays in the field the customer was in.
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveValue("Bernd");

      await tabTo(page, settings.link(texts.changePassword));
      await page.keyboard.press("Enter");
      await settingsPassword.expectShown();
      const newPassword = settingsPassword.field(texts.newPassword);
      await expect(newPassword).toBeFocused();
      await page.keyboard.type(account.email);
      await tabTo(page, settingsPassword.field(common.repeatPassword));
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await expect(newPassword).toHaveAttribute("aria-invalid", "true");
      await expect(newPassword).toBeFocused();
      await expect(newPassword).toHaveAccessibleDescription(messagePattern(kratos["4000031"]));
      await replaceText(page, "Neue-Monstera-2027");
      await tabTo(page, settingsPassword.field(common.repeatPassword));
      await replaceText(page, "Neue-Monstera-2027");
      await page.keyboard.press("Enter");
      await settings.expectShown();
      await settings.expectSuccessMessage("1050001");
      await settings.expectSignOutOthersOffer();
      // The question the change leaves open is where the screen starts, read with its text.
      const offer = page.getByRole("region", { name: texts.signOutOthers.button, exact: true });
      await expect(offer).toBeFocused();
      await expect(offer).toHaveAccessibleDescription(texts.signOutOthers.text);

      const subscribe = page
        .getByRole("region", { name: newsletter.settingsTitle, exact: true })
        .getByRole("button", { name: newsletter.subscribe });
      await tabTo(page, subscribe);
      await page.keyboard.press("Enter");
      await newsletterSettings.expectRequested();
      // Answered in place: focus stays in the newsletter card, on its first button now.
      await expect(
        page
          .getByRole("region", { name: newsletter.settingsTitle, exact: true })
          .getByRole("button", { name: newsletter.sendAgain }),
      ).toBeFocused();

      await expectLiveRegionsKept(page);
    });
  });
}

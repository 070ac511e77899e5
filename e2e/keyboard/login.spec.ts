// Keyboard only (no mouse calls), as a keyboard or screen reader user goes: log in with a wrong
// then the right password, recovery with a wrong code. Where focus is after every step and
// every error, that server errors mark their field (aria-invalid, described by the message),
// and that no live region is inserted together with its text (keyboard.ts).

import { expect } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { messagePattern } from "../support/languages.ts";
import { test } from "../support/test.ts";
import {
  expectLiveRegionsKept,
  replaceText,
  setups,
  skipToContent,
  watchLiveRegions,
} from "./keyboard.ts";

for (const { lang, viewport } of setups) {
  test.describe(`keyboard only (${lang.code}, ${viewport.width} px)`, () => {
    test.use({ lang, viewport });

    test("log in with a wrong then the right password; recovery with a wrong code", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash, recovery } = screens;
      const { common, kratos } = lang.t;
      await watchLiveRegions(page);

      await login.open();
      // Opened directly: the skip link is the first stop, and leads to the first field.
      await skipToContent(page, lang, login.field(common.email));

      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await expect(login.field(common.password)).toBeFocused();

      await page.keyboard.type(`${account.password}-wrong`);
      await page.keyboard.press("Enter");
      await login.expectInvalidCredentials();
      // The form-level message (4000006) marks the password field and takes focus with it.
      const password = login.field(common.password);
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveAccessibleDescription(messagePattern(kratos["4000006"]));
      await expectNoAxeViolations(page, {
        javaScriptEnabled: true,
        screen: `login, wrong password (${lang.code})`,
      });

      await replaceText(page, account.password);
      await page.keyboard.press("Enter");
      await splash.expectSignedIn(account.email);
      // No field on the screen: its heading has focus, not <body>.
      await expect(splash.heading()).toBeFocused();

      await page.context().clearCookies();
      await recovery.open();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(recovery.field(common.email)).toBeFocused();
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await recovery.expectCodeStep();
      await expect(recovery.field(common.code)).toBeFocused();
      await page.keyboard.type("000000");
      await page.keyboard.press("Enter");
      const code = recovery.field(common.code);
      await expect(code).toHaveAttribute("aria-invalid", "true");
      await expect(code).toBeFocused();
      await expect(code).toHaveAccessibleDescription(messagePattern(kratos["4060006"]));

      await expectLiveRegionsKept(page);
    });
  });
}

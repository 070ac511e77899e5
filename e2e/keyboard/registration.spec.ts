// Keyboard only (no mouse calls): a new customer signs up (the server refusing a password
// first), verifies the address with the code from the real inbox (a wrong code first),
// answers the newsletter question, and logs out. Where focus is after every step and every
// error, and that no live region is inserted together with its text (keyboard.ts).

import { expect } from "@playwright/test";
import { newAccountData } from "../support/identity-admin.ts";
import { format, messagePattern } from "../support/languages.ts";
import { Mailbox } from "../support/mailbox.ts";
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

    test("sign up, verify, answer the newsletter question, log out", async ({ page, screens }) => {
      const { registration, verification, newsletter, splash } = screens;
      const { common, kratos, newsletter: texts } = lang.t;
      const account = newAccountData();
      const mailbox = new Mailbox(account.email);
      await watchLiveRegions(page);

      await registration.open();
      const { labels } = registration;
      await skipToContent(page, lang, registration.field(labels.firstName));
      await page.keyboard.type(account.firstName);
      await tabTo(page, registration.field(labels.lastName));
      await page.keyboard.type(account.lastName);
      await tabTo(page, registration.field(labels.email));
      await page.keyboard.type(account.email);
      // The browser-side check lets it pass; the identity service refuses it (4000031).
      await tabTo(page, registration.field(labels.password));
      await page.keyboard.type(account.email);
      await tabTo(page, registration.field(labels.repeatPassword));
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");

      const password = registration.field(labels.password);
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toBeFocused();
      await expect(password).toHaveAccessibleDescription(messagePattern(kratos["4000031"]));
      // The names and the address are kept; the refused password is typed again.
      await expect(registration.field(labels.email)).toHaveValue(account.email);
      await replaceText(page, account.password);
      await tabTo(page, registration.field(labels.repeatPassword));
      await replaceText(page, account.password);
      await page.keyboard.press("Enter");

      await verification.expectCodeStep(account.email);
      const code = verification.field(common.verificationCode);
      await expect(code).toBeFocused();
      await page.keyboard.type("000000");
      await page.keyboard.press("Enter");
      await expect(code).toHaveAttribute("aria-invalid", "true");
      await expect(code).toBeFocused();
      await expect(code).toHaveAccessibleDescription(messagePattern(kratos["4070006"]));
      await replaceText(page, (await mailbox.nextCode()).code);
      await page.keyboard.press("Enter");
      await verification.expectVerified();
      // No field on the screen: its heading has focus, not <body>.
      await expect(verification.heading()).toBeFocused();

      await tabTo(page, verification.link(common.continue));
      await page.keyboard.press("Enter");
      await newsletter.expectQuestion();
      await expect(newsletter.heading()).toBeFocused();
      await tabTo(page, newsletter.button(texts.yes));
      await page.keyboard.press("Enter");
      await newsletter.expectSent();
      await expect(newsletter.heading()).toBeFocused();
      await tabTo(page, newsletter.link(texts.continue));
      await page.keyboard.press("Enter");
      await splash.expectSignedIn(account.email);
      await expect(splash.heading()).toBeFocused();

      await tabTo(page, splash.button(common.logOut));
      await page.keyboard.press("Enter");
      await splash.expectSignedOut();
      await expect(splash.heading()).toBeFocused();
      await expect(
        page.getByText(format(lang.t.splash.signedInAs, { email: account.email })),
      ).toHaveCount(0);
      await expectLiveRegionsKept(page);
    });
  });
}

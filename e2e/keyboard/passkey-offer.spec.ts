// Keyboard only (no mouse calls): a password sign-in on a device that can make a passkey, the
// offer after it, "Passkey erstellen" by keyboard (the browser's dialog answered by Chromium's
// virtual authenticator), the ready step and on. Focus is on each screen's heading, the two
// answers are reached in order by Tab, and no live region comes in with its text (keyboard.ts).

import { expect } from "@playwright/test";
import { PasskeyOfferScreen } from "../screens/passkey-offer-screen.ts";
import { test } from "../support/test.ts";
import { addVirtualAuthenticator } from "../support/two-factor.ts";
import {
  expectLiveRegionsKept,
  setups,
  skipToContent,
  tabTo,
  watchLiveRegions,
} from "./keyboard.ts";

for (const { lang, viewport } of setups) {
  test.describe(`keyboard only (${lang.code}, ${viewport.width} px)`, () => {
    test.use({ lang, viewport });

    test("the passkey offer after a password sign-in: create one, then on", async ({
      page,
      screens,
      account,
    }) => {
      const { login, splash } = screens;
      const { common, passkeyOffer: texts } = lang.t;
      const offer = new PasskeyOfferScreen({ page, lang, javaScriptEnabled: true });
      await addVirtualAuthenticator(page);
      await watchLiveRegions(page);

      await login.open();
      await skipToContent(page, lang, login.field(common.email));
      await page.keyboard.type(account.email);
      await page.keyboard.press("Enter");
      await expect(login.field(common.password)).toBeFocused();
      await page.keyboard.type(account.password);
      await page.keyboard.press("Enter");

      await offer.expectShown();
      await expect(offer.heading()).toBeFocused();
      await tabTo(page, offer.button(texts.create));
      // "Später" comes right after it.
      await page.keyboard.press("Tab");
      await expect(offer.button(texts.later)).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");

      await offer.expectCreated();
      await expect(offer.heading()).toBeFocused();
      await tabTo(page, offer.link(texts.continue));
      await page.keyboard.press("Enter");
      await splash.expectSignedIn(account.email);
      await expectLiveRegionsKept(page);
    });
  });
}

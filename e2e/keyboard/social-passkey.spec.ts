// Keyboard only (no mouse calls) through the two forms that are buttons only, with no field an
// error could mark: the social sign-in buttons (a sign-in cancelled at the provider) and the
// passkey button (a passkey no account knows). Their errors come back as the screen's alert,
// and focus must be on it, not on <body> (keyboard.ts).

import { expect } from "@playwright/test";
import { format } from "../support/languages.ts";
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

    test("a cancelled social sign-in and an unknown passkey: focus on what went wrong", async ({
      page,
      screens,
    }) => {
      const { login } = screens;
      const { common, kratos, social } = lang.t;
      const authenticator = await addVirtualAuthenticator(page);
      // It would answer the email field's passkey autofill at once; it waits for the button.
      await authenticator.setPresent(false);
      await authenticator.addUnknownPasskey();
      await watchLiveRegions(page);

      await login.open();
      await skipToContent(page, lang, login.field(common.email));
      await tabTo(page, login.socialButton("Google"));
      await page.keyboard.press("Enter");
      // The local provider's page: its cancel button, by keyboard too.
      await tabTo(page, page.getByRole("button", { name: "Abbrechen / cancel" }));
      await page.keyboard.press("Enter");
      await login.expectEmailStep();
      const cancelled = login.page
        .getByRole("main")
        .getByRole("alert")
        .filter({ hasText: format(social.errors.provider_error, { provider: "Google" }) });
      await expect(cancelled).toBeVisible();
      await expect(cancelled).toBeFocused();

      const passkey = login.button(kratos["1010021"]);
      await tabTo(page, passkey);
      await authenticator.setPresent(true);
      await page.keyboard.press("Enter");
      // The screen's one alert with text now (the fields' own stay empty): the refusal.
      const refused = page.getByRole("main").getByRole("alert").filter({ hasText: /\S/ });
      await expect(refused).toHaveCount(1);
      await expect(refused).not.toHaveText(
        format(social.errors.provider_error, { provider: "Google" }),
      );
      await expect(refused).toBeFocused();
      await expectLiveRegionsKept(page);
    });
  });
}

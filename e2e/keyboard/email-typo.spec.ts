// Keyboard only (no mouse calls): the email typo hint under the registration's address field.
// Leaving the field shows "Meintest du ...?" after it, a polite status that came in before its
// text; Shift+Tab reaches "Übernehmen", Enter puts the address meant into the field and focus
// back on it. German at 375 px only: the hint's English text is the web app's unit test's.

import { expect } from "@playwright/test";
import { uniqueEmail } from "../support/identity-admin.ts";
import { format, german } from "../support/languages.ts";
import { test } from "../support/test.ts";
import { expectLiveRegionsKept, skipToContent, tabTo, watchLiveRegions } from "./keyboard.ts";

test.describe("keyboard only: email typo hint", () => {
  test.use({ lang: german, viewport: { width: 375, height: 740 } });

  test("leave the field, go back to the hint, take the address meant", async ({
    page,
    screens,
  }) => {
    const { registration } = screens;
    const { emailTypo } = german.t.common;
    const typed = uniqueEmail("gmial.com");
    const meant = typed.replace("gmial.com", "gmail.com");
    await watchLiveRegions(page);

    await registration.open();
    const { labels } = registration;
    await skipToContent(page, german, registration.field(labels.firstName));
    const email = registration.field(labels.email);
    await tabTo(page, email);
    await page.keyboard.type(typed);
    await page.keyboard.press("Tab");
    await expect(registration.field(labels.password)).toBeFocused();

    const hint = page.getByRole("status").filter({
      hasText: format(emailTypo.question, { email: meant }),
    });
    await expect(hint).toBeVisible();
    const take = hint.getByRole("button", { name: emailTypo.take });
    await page.keyboard.press("Shift+Tab");
    await expect(take).toBeFocused();
    await expect(take).toHaveAccessibleDescription(format(emailTypo.question, { email: meant }));
    await page.keyboard.press("Enter");

    await expect(email).toBeFocused();
    await expect(email).toHaveValue(meant);
    await expect(hint).toHaveCount(0);
    await expectLiveRegionsKept(page);
  });
});

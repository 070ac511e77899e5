// Keyboard only (no mouse calls), as a keyboard or screen reader user goes: where focus is after
// every step and every error, that server errors mark their field (aria-invalid, described by
// the message), and that no live region is inserted together with its text (many screen
// readers announce only changes to a region that already exists). German on a phone, English
// on a desktop: each journey once, the matrix spread over the two instead of multiplied.
// JavaScript only (playwright.config.ts): without it the browser decides focus.

import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { english, german, type Language, messagePattern } from "./support/languages.ts";
import { test } from "./support/test.ts";

const setups: readonly { lang: Language; viewport: { width: number; height: number } }[] = [
  { lang: german, viewport: { width: 375, height: 740 } },
  { lang: english, viewport: { width: 1280, height: 800 } },
];

/** Records live regions (role=status/alert) that came into the page with their text. */
async function watchLiveRegions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { insertedWithText: string[] }).insertedWithText = found;
    const check = (node: Node): void => {
      if (!(node instanceof Element)) return;
      for (const region of [
        node,
        ...Array.from(node.querySelectorAll("[role=status], [role=alert]")),
      ]) {
        const role = region.getAttribute("role");
        if ((role === "status" || role === "alert") && (region.textContent ?? "").trim() !== "")
          found.push(`${role}: ${region.textContent}`);
      }
    };
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of Array.from(record.addedNodes)) check(node);
    });
    // What the server sent is read as a page; only what comes later must announce itself.
    document.addEventListener("DOMContentLoaded", () =>
      observer.observe(document.body, { childList: true, subtree: true }),
    );
  });
}

async function insertedWithText(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { insertedWithText: string[] }).insertedWithText,
  );
}

async function replaceText(page: Page, text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

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
      const focused = page.locator(":focus");
      await watchLiveRegions(page);

      await login.open();
      // Opened directly: the skip link is the first stop, and leads to the first field.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: common.skipToContent })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(login.field(common.email)).toBeFocused();

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

      await expect(focused).toHaveCount(1);
      expect(await insertedWithText(page)).toEqual([]);
    });
  });
}

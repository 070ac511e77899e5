// What the keyboard-only journeys share (keyboard/*.spec.ts): the two setups they run in, a
// watch on live regions, and moving by keyboard alone (no mouse calls, only page.keyboard).
// German on a phone, English on a desktop: each journey once, the matrix spread over the two
// instead of multiplied. JavaScript only (playwright.config.ts): without it the browser decides
// focus.

import { expect, type Locator, type Page } from "@playwright/test";
import { english, german, type Language } from "../support/languages.ts";

export interface KeyboardSetup {
  readonly lang: Language;
  readonly viewport: { readonly width: number; readonly height: number };
}

export const setups: readonly KeyboardSetup[] = [
  { lang: german, viewport: { width: 375, height: 740 } },
  { lang: english, viewport: { width: 1280, height: 800 } },
];

/**
 * Records live regions (role=status/alert) that came into the page with their text: many screen
 * readers announce only changes to a region that already exists. Call before the first goto.
 */
export async function watchLiveRegions(page: Page): Promise<void> {
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

/** The live regions of this page that were inserted together with their text. */
export async function insertedWithText(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { insertedWithText: string[] }).insertedWithText,
  );
}

/** Replaces the focused field's text. */
export async function replaceText(page: Page, text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** No page has this many stops before the one a journey looks for. */
const MAX_TABS = 80;

/**
 * Presses Tab (or Shift+Tab with `backwards`) until `target` has focus, as a keyboard user
 * moves through a screen; fails when it is not reached (not focusable, or not in the order).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { backwards?: true } = {},
): Promise<void> {
  const key = options.backwards ? "Shift+Tab" : "Tab";
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${MAX_TABS} presses of ${key} never reached ${target}`);
}

/**
 * Opened directly (a typed address, a bookmark): the skip link is the first stop, and it leads
 * to the screen's first field, or to the main content where there is none.
 */
export async function skipToContent(page: Page, lang: Language, first: Locator): Promise<void> {
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: lang.t.common.skipToContent })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(first).toBeFocused();
}

/** After the journey: exactly one element has focus, and no live region came in with its text. */
export async function expectLiveRegionsKept(page: Page): Promise<void> {
  await expect(page.locator(":focus")).toHaveCount(1);
  expect(await insertedWithText(page)).toEqual([]);
}

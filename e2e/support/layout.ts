// Layout checks at the widths the issue names: 320 px (the smallest phone, WCAG reflow), 375 px
// (a common phone) and 1280 px (a laptop). A check measures the page as rendered; no pixels.

import { expect, type Locator, type Page } from "@playwright/test";

export const WIDTHS = [320, 375, 1280] as const;

export async function atWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
}

/** Nothing sticks out sideways: the page does not scroll horizontally. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/**
 * The element's text fits inside its own box (a label that wraps grows the button instead of
 * spilling out of it) and the box fits inside the viewport.
 */
export async function expectFitsItsBox(locator: Locator): Promise<void> {
  const fit = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return {
      textInside:
        text.top >= box.top - 0.5 &&
        text.bottom <= box.bottom + 0.5 &&
        text.left >= box.left - 0.5 &&
        text.right <= box.right + 0.5,
      boxInside: box.left >= 0 && box.right <= document.documentElement.clientWidth + 0.5,
    };
  });
  expect(fit, await locator.innerText()).toEqual({ textInside: true, boxInside: true });
}

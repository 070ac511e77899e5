// Reflow (WCAG 1.4.10: 320 CSS px, the same as 1280 px at 400 % zoom), text spacing (1.4.12) and
// text at 200 % (1.4.4): no screen scrolls sideways, so no content is cut off or hidden.
// Target size (2.5.8) is axe's `target-size` rule, run with every screen's axe check.

import { expect, type Page } from "@playwright/test";
import { test } from "./support/test.ts";

const SCREENS = ["/login", "/registration", "/recovery", "/verification", "/barrierefreiheit"];

/** WCAG 1.4.12's spacing, and the browser's text size doubled. */
const TEXT_SPACING_AND_200_PERCENT = `
  html { font-size: 200% !important; }
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

// The added style sheet is the test's own (a user style sheet, as the criterion has it), not the app's.
test.use({ viewport: { width: 320, height: 640 }, bypassCSP: true });

test("at 320 px, also with text spacing and text at 200 %, no screen scrolls sideways", async ({
  page,
}) => {
  for (const path of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} at 320 px`).toBeLessThanOrEqual(0);
    await page.addStyleTag({ content: TEXT_SPACING_AND_200_PERCENT });
    expect(
      await sidewaysOverflow(page),
      `${path} at 320 px with text spacing and 200 % text`,
    ).toBeLessThanOrEqual(0);
  }
});

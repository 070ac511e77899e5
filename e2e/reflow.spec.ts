// Reflow (WCAG 1.4.10: 320 CSS px, the same as 1280 px at 400 % zoom), text spacing (1.4.12) and
// text at 200 % (1.4.4): no screen scrolls sideways, so no content is cut off or hidden.
// Target size (2.5.8) is axe's `target-size` rule, run with every screen's axe check.

import { expect, type Page } from "@playwright/test";
import { test } from "./support/test.ts";

const SCREENS = ["/login", "/registration", "/recovery", "/verification", "/barrierefreiheit"];

/** WCAG 1.4.12's spacing. */
const TEXT_SPACING = `
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
test.use({ bypassCSP: true });

test("at 320 px, also with text spacing, and at 200 % text, no screen scrolls sideways", async ({
  page,
}) => {
  for (const path of SCREENS) {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} at 320 px`).toBeLessThanOrEqual(0);
    await page.addStyleTag({ content: TEXT_SPACING });
    expect(await sidewaysOverflow(page), `${path} with text spacing`).toBeLessThanOrEqual(0);
    // 200 % text on a desktop (1.4.4 asks it at the usual width; 320 px is reflow's case).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addStyleTag({ content: "html { font-size: 200% !important; }" });
    expect(await sidewaysOverflow(page), `${path} at 200 % text`).toBeLessThanOrEqual(0);
  }
});

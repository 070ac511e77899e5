// Makes a signed-in screen's changing text fixed before a screenshot (visual.spec.ts): the
// account's address, dates and times, a secret. The text is replaced in the page itself, so
// the layout is measured with text of a fixed length (a mask would keep the real text's
// width, which changes from run to run).

import type { Locator, Page } from "@playwright/test";

/** Dates as both languages print them: "25.11.2026, 09:19", "25 Nov 2026, 09:19". */
const DATE_TIMES: readonly { pattern: RegExp; fixed: string }[] = [
  { pattern: /\d{1,2}\.\d{1,2}\.\d{4},? \d{1,2}:\d{2}/g, fixed: "01.01.2026, 12:00" },
  { pattern: /\d{1,2} [A-Z][a-z]{2,3} \d{4},? \d{1,2}:\d{2}/g, fixed: "1 Jan 2026, 12:00" },
];

/** The address every screenshot shows instead of the run's own. */
export const FIXED_EMAIL = "anna.farnkraut@example.com";

/** Replaces `email` and every date with fixed text, in text and in form fields. */
export async function steadyText(page: Page, email: string): Promise<void> {
  const rules = [
    { source: email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), fixed: FIXED_EMAIL },
    ...DATE_TIMES.map(({ pattern, fixed }) => ({ source: pattern.source, fixed })),
  ];
  // Only once React owns the elements: text replaced before hydration is a mismatch, which
  // React repairs by rendering the page's own text again.
  await page.waitForFunction(() => {
    const isHydrated = (element: Element | null): boolean =>
      element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    return isHydrated(document.querySelector("main")) && isHydrated(document.querySelector("h1"));
  });
  await page.evaluate((replacements) => {
    const apply = (text: string): string =>
      replacements.reduce(
        (result, { source, fixed }) => result.replace(new RegExp(source, "g"), fixed),
        text,
      );
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const steady = apply(text);
      if (steady !== text) node.textContent = steady;
    }
    for (const input of Array.from(document.querySelectorAll("input"))) {
      if (input.value) input.value = apply(input.value);
    }
  }, rules);
}

/** Sets each element's text (a secret shown for typing by hand) to `text`. */
export async function fixText(locator: Locator, text: string): Promise<void> {
  await locator.evaluateAll((elements, fixed) => {
    for (const element of elements) element.textContent = fixed;
  }, text);
}

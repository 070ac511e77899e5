// axe-core on a screen as the customer has it. With JavaScript off the page cannot run axe (its
// timers never fire), so the rendered DOM is copied, scripts dropped and <noscript> content kept
// as markup, into a page of its own that may run scripts, at the same URL so styles load alike.

import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";

/** WCAG 2.2 A and AA: 2.1 AA is what German shops must meet (BFSG, EN 301 549); we aim at 2.2. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
}

/** One context per browser for the copies (it closes with the browser). */
const copyContexts = new WeakMap<Browser, Promise<BrowserContext>>();

function copyContext(browser: Browser): Promise<BrowserContext> {
  let context = copyContexts.get(browser);
  if (!context) {
    context = browser.newContext({ javaScriptEnabled: true });
    copyContexts.set(browser, context);
  }
  return context;
}

/** Media features emulated for a check (Page.emulateMedia's options). */
export interface EmulatedMedia {
  readonly forcedColors?: "active" | "none";
  readonly reducedMotion?: "reduce" | "no-preference";
  readonly colorScheme?: "light" | "dark";
}

async function violationsWithoutScripts(
  page: Page,
  media: EmulatedMedia | undefined,
): Promise<string[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error("axe without JavaScript needs a browser to open a copy in");
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  const url = page.url();
  const copy = await (await copyContext(browser)).newPage();
  try {
    const viewport = page.viewportSize();
    if (viewport) await copy.setViewportSize(viewport);
    // The copy is a page of its own: what the page emulates must be emulated there too.
    if (media) await copy.emulateMedia(media);
    await copy.route(
      (candidate) => candidate.href === url,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.goto(url);
    return await violationsOf(copy);
  } finally {
    await copy.close();
  }
}

/**
 * Fails (softly: the journey goes on, the test fails at its end) with every WCAG 2.2 A/AA
 * violation axe-core finds on the page as it is now; with `media`, emulated for this check
 * (forced colours, reduced motion, the dark colour scheme) and reset after it.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { javaScriptEnabled: boolean; screen: string; media?: EmulatedMedia },
): Promise<void> {
  const { media } = options;
  if (media) await page.emulateMedia(media);
  const violations = options.javaScriptEnabled
    ? await violationsOf(page)
    : await violationsWithoutScripts(page, media);
  if (media)
    await page.emulateMedia({ forcedColors: null, reducedMotion: null, colorScheme: null });
  expect.soft(violations, `axe-core on ${options.screen} (${page.url()})`).toEqual([]);
}

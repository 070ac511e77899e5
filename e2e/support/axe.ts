// axe-core on a screen as the customer has it. With JavaScript off the page cannot run axe (its
// timers never fire), so the rendered DOM is copied, scripts dropped and <noscript> content kept
// as markup, into a page of its own that may run scripts, at the same URL so styles load alike.

import { type Browser, expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** WCAG 2.2 A and AA: 2.1 AA is what German shops must meet (BFSG, EN 301 549); we aim at 2.2. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What the page sees of axe-core once it is there. */
interface AxeWindow {
  axe?: typeof axe;
}

async function violationsOf(page: Page): Promise<string[]> {
  // axe-core itself, put into the page once per document: a second check of the same screen
  // (another width, forced colours) finds it there. @axe-core/playwright evaluated its 1.5 MB
  // source anew for every check and joined the results in a new tab it opened per check, which
  // took several times as long as the check. axe.run checks the document as Deque's AxeBuilder
  // does in its same-origin mode; the screens have no frames to go into.
  const present = await page.evaluate(() => (window as AxeWindow).axe !== undefined);
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const found = await (window as AxeWindow).axe?.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    if (!found) throw new Error("axe-core is not in the page");
    return found.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }, WCAG_TAGS);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help} at ${violation.targets.join(", ")}`,
  );
}

/**
 * One page per browser for the copies, in a context of its own that runs scripts (both close
 * with the browser). A check navigates it to the next copy rather than opening a page of its
 * own: a new page costs a renderer and a compositor surface, most of a check's time. A worker
 * runs one test at a time, and a test one check at a time.
 */
const copyPages = new WeakMap<Browser, Promise<Page>>();

function copyPage(browser: Browser): Promise<Page> {
  let page = copyPages.get(browser);
  if (!page) {
    page = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    copyPages.set(browser, page);
  }
  return page;
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
  const copy = await copyPage(browser);
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  // The copy is a page of its own: what the page emulates must be emulated there too, and what
  // the previous check emulated is reset.
  await copy.emulateMedia({
    forcedColors: media?.forcedColors ?? null,
    reducedMotion: media?.reducedMotion ?? null,
  });
  const isCopied = (candidate: URL): boolean => candidate.href === url;
  await copy.route(isCopied, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  try {
    await copy.goto(url);
    return await violationsOf(copy);
  } finally {
    await copy.unroute(isCopied);
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
  // A screen's heading can show while the rest of its HTML still streams in, the document's
  // <title> (Next.js's metadata) among it: axe checks the page once it has loaded, as a screen
  // reader's user meets it, and the title a tab shows is part of what is checked.
  await page.waitForLoadState("load");
  await expect(page, `${options.screen} has a document title`).toHaveTitle(/\S/);
  if (media) await page.emulateMedia(media);
  const violations = options.javaScriptEnabled
    ? await violationsOf(page)
    : await violationsWithoutScripts(page, media);
  if (media)
    await page.emulateMedia({ forcedColors: null, reducedMotion: null, colorScheme: null });
  expect.soft(violations, `axe-core on ${options.screen} (${page.url()})`).toEqual([]);
}

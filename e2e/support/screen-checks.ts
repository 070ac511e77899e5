// What every screen must hold for assistive technology (docs/accessibility.md): its accessibility tree as a
// screen reader gets it (Playwright's aria snapshot of the main landmark, in files beside the
// spec, dynamic text as patterns), the frame's landmarks, and axe-core with WCAG 2.2 A/AA rules
// at a phone's and a laptop's width, in the light and the dark colour scheme, also with forced
// colours (Windows high contrast) and reduced motion emulated.

import { expect, type Page, test } from "@playwright/test";
import { type EmulatedMedia, expectNoAxeViolations } from "./axe.ts";
import type { Language } from "./languages.ts";

interface AxeRun {
  readonly width: number;
  readonly media?: EmulatedMedia;
}

const FORCED_REDUCED: EmulatedMedia = { forcedColors: "active", reducedMotion: "reduce" };
const DARK: EmulatedMedia = { colorScheme: "dark" };

/**
 * The axe checks per language: German at a phone's width in the light scheme and at a laptop's
 * with forced colours and reduced motion, English at a laptop's in the dark scheme and at a
 * phone's with forced colours and reduced motion. Layout and colours are the same in both
 * languages, and colours the same at every width, so every screen is checked at both widths
 * and in each scheme, at half the cost (the dark run took the place of a second light one).
 */
const AXE_RUNS: Readonly<Record<Language["code"], readonly AxeRun[]>> = {
  de: [{ width: 375 }, { width: 1280, media: FORCED_REDUCED }],
  en: [
    { width: 1280, media: DARK },
    { width: 375, media: FORCED_REDUCED },
  ],
};

function describeMedia(media: EmulatedMedia | undefined): string {
  if (media?.colorScheme === "dark") return ", dark";
  return media ? ", forced colours, reduced motion" : "";
}

/**
 * The frame every screen has: one banner with the language switch, one main, one footer
 * (contentinfo) with the legal links; a lost landmark fails here.
 */
export async function expectLandmarks(page: Page, lang: Language): Promise<void> {
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  await expect(
    page.getByRole("navigation", { name: lang.t.common.switchLanguage, exact: true }),
  ).toHaveCount(1);
  await expect(
    page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: lang.t.common.footer.label, exact: true }),
  ).toHaveCount(1);
}

/**
 * The screen's tree (`<name>-<lang>.aria.yml`, or `<name>-<lang>-<project>.aria.yml` where the
 * page without JavaScript differs: `differsWithoutScripts`), its landmarks, and axe (AXE_RUNS).
 */
export async function expectScreen(
  page: Page,
  options: {
    name: string;
    lang: Language;
    javaScriptEnabled: boolean;
    differsWithoutScripts?: true;
  },
): Promise<void> {
  const { name, lang, javaScriptEnabled } = options;
  const project = options.differsWithoutScripts
    ? `-${javaScriptEnabled ? "javascript" : "no-javascript"}`
    : "";
  await test.step(`${name} (${lang.code})`, async () => {
    await expectLandmarks(page, lang);
    await expect
      .soft(page.getByRole("main"))
      .toMatchAriaSnapshot({ name: `${name}-${lang.code}${project}.aria.yml` });
    // Without JavaScript axe runs on a copy of the page (support/axe.ts), a page load per run;
    // the flow specs run it there on these screens (expectAccessible).
    if (!javaScriptEnabled) return;
    // When the client router brings a screen, React swaps the old <title> out before the new
    // page's streamed one arrives: axe reads the page once its title is back.
    await expect(page).toHaveTitle(/\S/);
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    for (const { width, media } of AXE_RUNS[lang.code]) {
      await page.setViewportSize({ width, height: viewport.height });
      await expectNoAxeViolations(page, {
        javaScriptEnabled,
        screen: `${name} (${lang.code}, ${width} px${describeMedia(media)})`,
        media,
      });
    }
    await page.setViewportSize(viewport);
  });
}

/** A screen's check: the screen as it is now (`expectScreen`). */
export type ScreenCheck = (
  name: string,
  options?: { differsWithoutScripts?: true },
) => Promise<void>;

/** `check(name)` for a journey in one language and project: `expectScreen` on its page. */
export function screenCheck(page: Page, lang: Language, javaScriptEnabled: boolean): ScreenCheck {
  return (name, options = {}) => expectScreen(page, { name, lang, javaScriptEnabled, ...options });
}

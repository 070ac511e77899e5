// What every screen must hold for assistive technology (issue 18): its accessibility tree as a
// screen reader gets it (Playwright's aria snapshot of the main landmark, in files beside the
// spec, dynamic text as patterns), the frame's landmarks, and axe-core with WCAG 2.2 A/AA rules
// at a phone's and a laptop's width, each also with forced colours (Windows high contrast) and
// reduced motion emulated.

import { expect, type Page, test } from "@playwright/test";
import { type EmulatedMedia, expectNoAxeViolations } from "./axe.ts";
import type { Language } from "./languages.ts";

export const AXE_WIDTHS = [375, 1280] as const;

const MEDIA: readonly (EmulatedMedia | undefined)[] = [
  undefined,
  { forcedColors: "active", reducedMotion: "reduce" },
];

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
 * The screen's tree (`<name>.<lang>.aria.yml`, or `<name>.<lang>.<project>.aria.yml` where the
 * page without JavaScript differs: `differsWithoutScripts`), its landmarks, and axe at both
 * widths with and without forced colours and reduced motion.
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
    ? `.${javaScriptEnabled ? "javascript" : "no-javascript"}`
    : "";
  await test.step(`${name} (${lang.code})`, async () => {
    await expectLandmarks(page, lang);
    await expect
      .soft(page.getByRole("main"))
      .toMatchAriaSnapshot({ name: `${name}.${lang.code}${project}.aria.yml` });
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: viewport.height });
      for (const media of MEDIA) {
        await expectNoAxeViolations(page, {
          javaScriptEnabled,
          screen: `${name} (${lang.code}, ${width} px${media ? ", forced colours, reduced motion" : ""})`,
          media,
        });
      }
    }
    await page.setViewportSize(viewport);
  });
}

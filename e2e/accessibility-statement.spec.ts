// The accessibility statement (BFSG): each language at its own path, its parts as headings a
// screen reader can jump between, the contact for reporting a barrier, the last review; axe
// with WCAG 2.2 AA rules also with forced colours and reduced motion, and in the dark scheme.

import { expect } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { english, german } from "./support/languages.ts";
import { test } from "./support/test.ts";

const CONTACT = "barrierefreiheit@moos.example";

for (const { lang, path, viewport } of [
  { lang: german, path: "/barrierefreiheit", viewport: { width: 375, height: 740 } },
  { lang: english, path: "/en/accessibility", viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`accessibility statement (${lang.code})`, () => {
    test.use({ lang, viewport });

    test("says how accessible the pages are, what was tested, and where to report a barrier", async ({
      page,
      javaScriptEnabled,
    }) => {
      const t = lang.t.accessibility;
      // The tree a screen reader gets: a lost heading, region name or link fails here.
      await page.goto(path);
      await expect(page.getByRole("main")).toMatchAriaSnapshot(`
        - main:
          - heading "${t.title}" [level=1]
          - paragraph: ${JSON.stringify(t.intro)}
          - region "${t.statusTitle}":
            - heading "${t.statusTitle}" [level=2]
            - paragraph
          - region "${t.testedTitle}":
            - heading "${t.testedTitle}" [level=2]
            - list:
              - listitem
              - listitem
              - listitem
          - region "${t.limitsTitle}":
            - heading "${t.limitsTitle}" [level=2]
            - list
          - region "${t.contactTitle}":
            - heading "${t.contactTitle}" [level=2]
            - paragraph:
              - link "${CONTACT}"
          - region "${t.enforcementTitle}":
            - heading "${t.enforcementTitle}" [level=2]
            - paragraph
      `);
      await expect(page.getByRole("link", { name: CONTACT })).toHaveAttribute(
        "href",
        `mailto:${CONTACT}`,
      );
      await expect(page.getByRole("main")).toContainText(
        lang.code === "de" ? "25.11.2026" : "25 Nov 2026",
      );
      // Colours are the same in both languages: English in the dark scheme, as
      // support/screen-checks.ts does.
      const scheme = lang.code === "en" ? "dark" : "light";
      await expectNoAxeViolations(page, {
        javaScriptEnabled,
        screen: `statement, ${scheme} (${lang.code})`,
        media: { colorScheme: scheme },
      });
      await expectNoAxeViolations(page, {
        javaScriptEnabled,
        screen: `statement, forced colours and reduced motion (${lang.code})`,
        media: { forcedColors: "active", reducedMotion: "reduce" },
      });
    });
  });
}

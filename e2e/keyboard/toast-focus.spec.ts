// A toast never covers what has focus (WCAG 2.2 2.4.11 Focus Not Obscured), at 320 px where it
// spans the whole width: while "Deine Änderungen sind gespeichert." shows, every stop of Tab
// through settings lies clear of it (scroll-padding-bottom while a toast shows, globals.css and
// toast-region.tsx). The page's clock stands still while tabbing, so the toast cannot close
// half-way and let the check pass without looking.

import { expect } from "@playwright/test";
import { format, languages } from "../support/languages.ts";
import { signIn } from "../support/sign-in.ts";
import { test } from "../support/test.ts";
import { replaceText, skipToContent, tabTo } from "./keyboard.ts";

interface Stop {
  readonly name: string;
  readonly isCovered: boolean;
}

for (const lang of languages) {
  test.describe(`toasts and focus (${lang.code}, 320 px)`, () => {
    test.use({ lang, viewport: { width: 320, height: 640 } });

    test("tabbing through settings while a toast shows, no focused element is under it", async ({
      page,
      screens,
      account,
    }) => {
      const { splash, settings } = screens;
      const { common } = lang.t;
      await page.clock.install();
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      await skipToContent(page, lang, settings.field(common.email));
      await tabTo(page, settings.field(common.firstName));
      await replaceText(page, "Bernd");
      await page.keyboard.press("Enter");
      await settings.expectSuccessMessage("1050001");
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

      const region = page.getByRole("region", {
        name: format(common.notifications, { hotkey: "F8" }),
      });
      const toast = region.getByRole("listitem");
      await expect(toast).toBeVisible();
      const stops: Stop[] = [];
      for (;;) {
        await page.keyboard.press("Tab");
        const stop = await toast.evaluate((item): Stop | "out" => {
          const active = document.activeElement;
          if (!(active instanceof HTMLElement) || active === document.body) return "out";
          const name = `${active.tagName.toLowerCase()} "${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 40)}"`;
          // Focus inside the toast (its close button) is the toast itself, not covered by it.
          if (item.contains(active)) return { name, isCovered: false };
          const a = active.getBoundingClientRect();
          const b = item.getBoundingClientRect();
          const isCovered =
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          return { name, isCovered };
        });
        if (stop === "out" || stops.length > 100) break;
        stops.push(stop);
      }
      // Past the last element of the page focus leaves it; by then every stop was seen.
      await expect(toast).toBeVisible();
      expect(stops.length, "the stops of settings").toBeGreaterThan(15);
      expect(stops.filter((stop) => stop.isCovered).map((stop) => stop.name)).toEqual([]);
      await page.clock.resume();
    });
  });
}

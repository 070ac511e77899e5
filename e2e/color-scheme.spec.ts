// The colour scheme follows the device's setting (docs/web-app.md, "Colour scheme"), with and
// without JavaScript (the projects): the first paint is already dark, before the style sheet has
// arrived (the page's `<meta name="color-scheme">` tells the browser), and with it the page is
// the dark scheme's own background. A light device gets the light page. Each screen's look in
// dark is in visual.spec.ts, axe in dark in every-screen.spec.ts.

import { german } from "./support/languages.ts";
import { luminance, pixelAt, type Rgb } from "./support/pixel.ts";
import { expect, test } from "./support/test.ts";

// The page background of each scheme (beige-50 in apps/web/src/components/tokens.css).
const PAGE_LIGHT: Rgb = [0xfb, 0xf8, 0xf2];
const PAGE_DARK: Rgb = [0x22, 0x22, 0x21];

test.describe("colour scheme", () => {
  test.use({ lang: german, colorScheme: "dark", viewport: { width: 375, height: 740 } });

  test("a dark device gets a dark page from the first paint on", async ({
    page,
    screens,
    browserErrors,
  }) => {
    const { splash } = screens;
    // The style sheet held back: what the browser paints before it arrives (white, were it not
    // for the page's <meta name="color-scheme">).
    browserErrors.allow(/\.css.*net::ERR_FAILED/, "the style sheet is held back on purpose");
    await page.route(/\/_next\/static\/.*\.css(\?|$)/, (route) => route.abort("failed"));
    await splash.open();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const unstyled = await pixelAt(page, 0, 0);
    expect(luminance(unstyled), `the unstyled page painted ${unstyled}`).toBeLessThan(0.05);

    await page.unrouteAll();
    await splash.open();
    await splash.expectSignedOut();
    expect(await pixelAt(page, 0, 0)).toEqual(PAGE_DARK);

    await page.emulateMedia({ colorScheme: "light" });
    await splash.open();
    await splash.expectSignedOut();
    expect(await pixelAt(page, 0, 0)).toEqual(PAGE_LIGHT);
  });
});

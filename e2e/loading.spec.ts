// The loading screen while a flow starts (a link to a screen without `?flow=`): a spinner, and
// after 20 s (on a clock the test controls) the try-again text with a reload link. Only the
// "javascript" project runs it: without JavaScript the browser shows its own progress instead.

import { baseUrl, languages, localizedPath } from "./support/languages.ts";
import { test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`loading (${lang.code})`, () => {
    test.use({ lang });

    test("offers a reload when the flow has not started after 20 s", async ({ screens, page }) => {
      const { splash, loading } = screens;
      await page.clock.install();
      await splash.open();
      await splash.expectSignedOut();
      // From here the page's time moves only by runFor: on a busy machine real seconds would
      // otherwise add to the 19 s below and show the timeout early.
      await page.clock.pauseAt(Date.now() + 1_000);
      // The flow never starts: the login screen answers "204 No Content", so the browser
      // stays on this page (a request that hangs would do the same, but keeps Playwright
      // waiting for the navigation).
      const loginPath = localizedPath(lang, "/login");
      await page.route(
        (url) => url.pathname === loginPath,
        (route) => route.fulfill({ status: 204 }),
      );

      await splash.continueWithEmail();
      await loading.expectSpinner();
      await page.clock.runFor(19_000);
      await loading.expectSpinner();
      await page.clock.runFor(1_000);
      await loading.expectTimedOut(baseUrl());
      // axe-core waits on timers of its own.
      await page.clock.resume();
      await loading.expectAccessible("loading (timed out)");

      await page.unrouteAll();
      await page.getByRole("link", { name: lang.t.common.reload, exact: true }).click();
      await splash.expectSignedOut();
    });
  });
}

// The social login redirect screen, shown (with JavaScript) while the browser leaves for the
// provider; without JavaScript the browser follows the server's 303 and shows its own progress
// (social.spec.ts covers those journeys), so the no-javascript project leaves this file out.

import { localProviderUrl } from "./screens/provider-screen.ts";
import { languages } from "./support/languages.ts";
import { test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`social login redirect (${lang.code})`, () => {
    test.use({ lang });

    test("covers the screen with where the customer is going and a link there by hand", async ({
      screens,
      page,
    }) => {
      const { login, provider } = screens;
      // The provider's first answer is "204 No Content": the browser stays on the page, as it
      // does when leaving takes long or fails, and the screen must offer the way on by hand.
      await page.route(
        (url) => url.origin === localProviderUrl() && url.pathname === "/google/auth",
        (route) => route.fulfill({ status: 204 }),
        { times: 1 },
      );

      await login.open();
      await login.continueWith("Google");
      await login.expectSocialRedirect(
        "Google",
        new RegExp(`^${localProviderUrl()}/google/auth\\?.*state=`),
      );
      await login.expectAccessible("social login redirect");

      await login.followSocialRedirectLink("Google");
      await provider.expectShown("Google");
    });
  });
}

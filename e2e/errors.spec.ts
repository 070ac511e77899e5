// When things go wrong: unknown and garbage flow ids, an expired flow, a CSRF violation, the
// 404 page and the identity service's error page.

import { randomUUID } from "node:crypto";
import { format, languages, localizedPath } from "./support/languages.ts";
import { expect, test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`errors (${lang.code})`, () => {
    test.use({ lang });

    test("an unknown or garbage flow id starts a new flow instead of failing", async ({
      screens,
      page,
    }) => {
      const { login, registration } = screens;
      const unknown = randomUUID();
      await page.goto(localizedPath(lang, `/login?flow=${unknown}`));
      await login.expectEmailStep();
      expect(login.flowId()).not.toBe(unknown);

      await page.goto(localizedPath(lang, "/registration?flow=not-a-flow%27%3B--"));
      await registration.expectShown();
      expect(registration.flowId()).not.toBe("not-a-flow';--");
    });

    // An identity flow cannot be made to expire here (the e2e identity service keeps flows for
    // 1 h and has no API to age one): this covers what the screen shows when the expiry
    // brings the customer back without a new flow (`?error=self_service_flow_expired`).
    test("an expired flow shows the expiry message and starts again", async ({ screens, page }) => {
      const { error, login } = screens;
      await page.goto(localizedPath(lang, "/login?error=self_service_flow_expired"));
      await error.expectScreenRoot(lang.t.login.title, lang.t.common.flowExpired);
      await error.tryAgain();
      await login.expectEmailStep();
    });

    test("a request without the CSRF cookie is refused and signs nobody in", async ({
      screens,
      account,
      context,
    }) => {
      const { error, login, splash } = screens;
      await login.open();
      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await context.clearCookies({ name: /^csrf_token_/ });

      await login.enterPassword(account.password);

      await login.expectUrl("/login", { query: { error: "security_csrf_violation" } });
      await error.expectScreenRoot(lang.t.login.title, lang.t.error.reasons.csrfViolation);
      await error.expectAccessible("login (CSRF violation)");
      const cookies = await context.cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain("ory_kratos_session");
      await splash.open();
      await splash.expectSignedOut();
    });

    test("an unknown path shows the 404 page with a link home", async ({
      screens,
      browserErrors,
    }) => {
      const { notFound, splash } = screens;
      browserErrors.allow(
        /\/gibt-es\/nicht\): Failed to load resource: .* status of 404/,
        "the page itself answers 404, which the browser logs",
      );
      await notFound.open("/gibt-es/nicht");
      await notFound.expectShown();
      await notFound.expectAccessible("404");
      await notFound.goHome();
      await splash.expectSignedOut();
    });

    test("the error page never prints what an unknown ?id= carries", async ({ screens, page }) => {
      const { error } = screens;
      const planted = "Ruf uns sofort an: 0900 123456";
      await error.open(planted);
      await error.expectGenericError();
      await expect(page.getByText(/0900 123456/)).toHaveCount(0);
      await expect(page.getByText(format(lang.t.error.reference, { id: "" }).trim())).toHaveCount(
        0,
      );
    });

    test("the error page shows the generic error and a link home", async ({ screens }) => {
      const { error, splash } = screens;
      await error.open(randomUUID());
      await error.expectGenericError();
      await error.expectAccessible("error");
      await error.link(lang.t.common.home).click();
      await splash.expectSignedOut();
    });
  });
}

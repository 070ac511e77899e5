// The language switch: every screen in German (no prefix) or English (/en), the flow kept.
// The language follows the URL: a German address stays German after English was chosen; the
// remembered language (the last one a page was opened in) only picks the language of `/` and
// of the identity service's redirects.

import { english, german } from "./support/languages.ts";
import { screensFor, test } from "./support/test.ts";

test("switches between German and English, keeps the flow; the URL decides the language", async ({
  page,
  javaScriptEnabled,
}) => {
  const de = screensFor(page, german, javaScriptEnabled);
  const en = screensFor(page, english, javaScriptEnabled);

  await de.login.open();
  const flow = de.login.flowId();
  await de.login.switchLanguage(english);
  await en.login.expectEmailStep();
  test.expect(en.login.flowId()).toBe(flow);

  // A German address is German, even though English was chosen.
  await page.goto("/registration");
  await de.registration.expectShown();
  // A flow started in English comes back from the identity service (which redirects to the
  // unprefixed /registration?flow=) in English.
  await page.goto("/en/registration");
  await en.registration.expectShown();
  // `/` opens in the language last used.
  await page.goto("/");
  await en.splash.expectSignedOut();

  await page.goto("/en/login");
  await en.login.expectEmailStep();
  await en.login.switchLanguage(german);
  await de.login.expectEmailStep();
  await page.goto("/");
  await de.splash.expectSignedOut();
  await page.goto("/login");
  await de.login.expectEmailStep();
});

// The language switch: every screen in German (no prefix) or English (/en), the flow kept,
// and the choice remembered for the next unprefixed visit.

import { english, german } from "./support/languages.ts";
import { screensFor, test } from "./support/test.ts";

test("switches between German and English, keeps the flow and remembers the choice", async ({
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

  // Remembered: an unprefixed address (as the identity service's redirects use) stays English.
  await page.goto("/registration");
  await en.registration.expectShown();

  await en.registration.switchLanguage(german);
  await de.registration.expectShown();
  await page.goto("/login");
  await de.login.expectEmailStep();
});

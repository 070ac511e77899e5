// The language switch: every screen in German (no prefix) or English (/en), the flow kept.
// The language follows the URL: a German address stays German after English was chosen; the
// remembered language (the last one a page was opened in) only picks the language of `/` and
// of the identity service's redirects.

import { english, german, localizedPath } from "./support/languages.ts";
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

// docs/web-app.md: without JavaScript the switch on /en/registration led to `/`. Every flow screen,
// both directions, the flow kept (its id in the address) and the screen shown in the language.
test("the switch keeps every flow screen and its flow, in both directions", async ({
  page,
  javaScriptEnabled,
}) => {
  const screens = {
    de: screensFor(page, german, javaScriptEnabled),
    en: screensFor(page, english, javaScriptEnabled),
  };
  const langs = { de: german, en: english };
  const titles = {
    login: (code: "de" | "en") => langs[code].t.login.title,
    registration: (code: "de" | "en") => langs[code].t.registration.title,
    recovery: (code: "de" | "en") => langs[code].t.recovery.title,
    verification: (code: "de" | "en") => langs[code].t.verification.title,
  };
  for (const [from, to] of [
    ["de", "en"],
    ["en", "de"],
  ] as const) {
    for (const [screen, title] of Object.entries(titles)) {
      await page.goto(localizedPath(langs[from], `/${screen}`));
      await screens[from].login.expectUrl(`/${screen}`, { flow: true });
      const flow = screens[from].login.flowId();
      await screens[from].login.switchLanguage(langs[to]);
      await screens[to].login.expectUrl(`/${screen}`, { flow: true });
      test.expect(screens[to].login.flowId(), `${screen} ${from} -> ${to}`).toBe(flow);
      await screens[to].login.expectTitle(title(to));
    }
  }
});

// The signed-in landing screen is no dead end (docs/web-app.md): it sends the customer on to the shop
// (SHOP_URL), to the home of the client they came from (`?client=`), or straight on to a
// return_to; Einstellungen and Abmelden stay. Every screen has a footer with the shop's legal
// pages (TERMS_URL, PRIVACY_URL, IMPRINT_URL) and the accessibility statement, and the
// registration terms link AGB and Datenschutzerklärung. German and English, 320, 375 and
// 1280 px, with and without JavaScript (the projects).

import {
  type Language,
  languages,
  localizedPath,
  plainText,
  richTags,
} from "./support/languages.ts";
import { atWidth, expectFitsItsBox, expectNoHorizontalScroll, WIDTHS } from "./support/layout.ts";
import { MOOS_APP_HOME, oauth2Services } from "./support/services/service-set.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

function legalUrls(lang: Language): {
  terms: string;
  privacy: string;
  imprint: string;
  accessibility: string;
} {
  const shop = oauth2Services().shopUrl;
  return {
    terms: `${shop}/agb`,
    privacy: `${shop}/datenschutz`,
    imprint: `${shop}/impressum`,
    accessibility: lang.code === "de" ? "/barrierefreiheit" : "/en/accessibility",
  };
}

for (const lang of languages) {
  test.describe(`landing screen and legal links (${lang.code})`, () => {
    test.use({ lang });

    test("signed in, the landing screen goes on to the shop and keeps settings and log out", async ({
      page,
      screens,
      account,
    }) => {
      const { splash } = screens;
      const { t } = lang;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      const toShop = splash.link(t.splash.continueToShop);
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await expect(toShop).toHaveAttribute("href", oauth2Services().shopUrl);
        await expectFitsItsBox(toShop);
        await expectFitsItsBox(splash.link(t.common.settings));
        await expectFitsItsBox(splash.button(t.common.logOut));
        await expectNoHorizontalScroll(page);
      }
      await splash.expectLegalFooter(legalUrls(lang));
      await splash.expectAccessible("landing");
      await toShop.click();
      await expect(page).toHaveURL(`${oauth2Services().shopUrl}/`);
    });

    test("signed in, the landing screen offers the way back to the client's home", async ({
      page,
      screens,
      account,
    }) => {
      const { splash } = screens;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await page.goto(localizedPath(lang, "/?client=moos-app"));
      await splash.expectSignedIn(account.email);
      await expect(splash.link(lang.t.common.continue)).toHaveAttribute("href", MOOS_APP_HOME);
      await expect(splash.link(lang.t.splash.continueToShop)).toHaveCount(0);
      // Remembered: the landing screen opened again without `?client=` still knows it.
      await splash.open();
      await expect(splash.link(lang.t.common.continue)).toHaveAttribute("href", MOOS_APP_HOME);
    });

    test("signed in, a return_to on the landing screen is followed at once", async ({
      page,
      screens,
      account,
    }) => {
      const { splash, settings } = screens;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      const returnTo = new URL(localizedPath(lang, "/settings"), page.url()).toString();
      await page.goto(localizedPath(lang, `/?return_to=${encodeURIComponent(returnTo)}`));
      await settings.expectShown();
    });

    test("every screen's footer links the legal pages; the registration terms link them too", async ({
      page,
      screens,
      browserErrors,
    }) => {
      const { splash, login, registration, notFound } = screens;
      const urls = legalUrls(lang);
      await splash.open();
      await splash.expectLegalFooter(urls);
      await splash.openRegistration();
      await splash.expectLegalFooter(urls);
      const terms = page.getByRole("main").getByText(plainText(lang.t.registration.terms));
      const tags = richTags(lang.t.registration.terms);
      const termsLabel = tags.terms ?? "terms";
      await expect(terms.getByRole("link", { name: termsLabel })).toHaveAttribute(
        "href",
        urls.terms,
      );
      await expect(terms.getByRole("link", { name: tags.privacy ?? "privacy" })).toHaveAttribute(
        "href",
        urls.privacy,
      );
      await login.open();
      await login.expectLegalFooter(urls);
      await registration.open();
      await registration.expectLegalFooter(urls);
      await expect(registration.link(termsLabel)).toHaveAttribute("href", urls.terms);
      await registration.expectAccessible("registration with legal links");
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await expectNoHorizontalScroll(page);
      }
      browserErrors.allow(/status of 404/, "the 404 page is opened on purpose");
      await notFound.open("/no-such-page");
      await notFound.expectLegalFooter(urls);
    });
  });
}

// Every screen of the app, as assistive technology gets it (support/screen-checks.ts): its
// accessibility tree (a lost name, role or landmark fails; the trees are the .aria.yml files in
// every-screen.spec.ts-snapshots/, emails, codes and dates as patterns), and axe-core with
// WCAG 2.2 A/AA rules at 375 and 1280 px, also with forced colours and reduced motion. In German
// and English, with and without JavaScript (the projects). The screens are grouped by the
// account they need, so one sign-in serves many of them. The statement page has its own spec
// (accessibility-statement.spec.ts); the screens that take a longer journey to reach (the OpenID
// provider's, social register, code login, security links, the newsletter's email and its
// confirmation, the passkey choice, the new password after recovery) are in
// every-screen-more.spec.ts.

import { createAccount, createMigratedAccount } from "./support/identity-admin.ts";
import { languages, localizedPath } from "./support/languages.ts";
import { Mailbox, migrationLink } from "./support/mailbox.ts";
import { screenCheck } from "./support/screen-checks.ts";
import { expect, test } from "./support/test.ts";
import { AuthenticatorApp, twoFactorScreens } from "./support/two-factor.ts";

for (const lang of languages) {
  test.describe(`every screen (${lang.code})`, () => {
    test.use({ lang });

    test("splash and login", async ({ page, screens, javaScriptEnabled }) => {
      const { splash, login } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      const account = await createAccount({ locale: lang.code });

      await splash.open();
      await splash.expectSignedOut();
      await check("splash");
      await login.open();
      await check("login", { differsWithoutScripts: true });
      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await check("login-password", { differsWithoutScripts: true });
      await login.enterPassword(`${account.password}-falsch`);
      await login.expectInvalidCredentials();
      await check("login-wrong-password", { differsWithoutScripts: true });
    });

    test("registration", async ({ page, screens, javaScriptEnabled }) => {
      const { registration } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      await registration.open();
      await check("registration", { differsWithoutScripts: true });
      await registration.submit();
      await registration.expectFieldError(
        registration.labels.email,
        lang.t.validation.emailInvalid,
      );
      await check("registration-errors", { differsWithoutScripts: true });
    });

    test("recovery", async ({ page, screens, javaScriptEnabled, account }) => {
      const { recovery } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);

      await recovery.open();
      await check("recovery");
      await recovery.requestCode(account.email);
      await recovery.expectCodeStep();
      await check("recovery-code");
    });

    test("verification", async ({ page, screens, javaScriptEnabled }) => {
      const { verification } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      const account = await createAccount({ verified: false, locale: lang.code });
      await page.goto(localizedPath(lang, "/verification"));
      await verification.expectEmailStep();
      await check("verification");
      const mailbox = new Mailbox(account.email);
      await verification.requestCode(account.email);
      await verification.expectCodeStep(account.email);
      await check("verification-code");
      await verification.enterCode((await mailbox.nextCode()).code);
      await verification.expectVerified();
      await check("verification-done");
    });

    test("errors: an expired flow, the error page, 404", async ({
      page,
      screens,
      javaScriptEnabled,
      browserErrors,
    }) => {
      const { notFound, error } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);

      await page.goto(localizedPath(lang, "/login?error=self_service_flow_expired"));
      await error.expectScreenRoot(lang.t.login.title, lang.t.common.flowExpired);
      await check("flow-expired");
      await error.open("4f1c1c1e-0000-4000-8000-000000000000");
      await error.expectGenericError();
      await check("error");
      browserErrors.allow(
        /\/gibt-es\/nicht\): Failed to load resource: .* status of 404/,
        "the page itself answers 404, which the browser logs",
      );
      await notFound.open("/gibt-es/nicht");
      await notFound.expectShown();
      await check("not-found");
    });

    test("signed in: newsletter question, splash, settings, new password", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { login, newsletter, splash, settings, settingsPassword } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      const account = await createAccount({ newsletter: "unanswered", locale: lang.code });

      await login.open();
      await login.logIn(account.email, account.password);
      await newsletter.expectQuestion();
      await check("newsletter");
      await newsletter.decline();
      await splash.expectSignedIn(account.email);
      await check("splash-signed-in");
      await settings.open();
      await settings.expectShown();
      await check("settings");
      await page.goto(localizedPath(lang, "/settings/password"));
      await settingsPassword.expectShown();
      await check("settings-password", { differsWithoutScripts: true });
    });

    test("signed in: second factors, activity, deleting the account", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash, activity, accountDelete } = screens;
      const { twoFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      const check = screenCheck(page, lang, javaScriptEnabled);

      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await twoFactor.openFromSettings();
      await check("settings-two-factor", { differsWithoutScripts: true });
      await activity.open();
      await expect(activity.heading()).toHaveText(lang.t.security.activity.title);
      await check("settings-activity");
      await accountDelete.open();
      await accountDelete.expectShown();
      await check("account-delete");
      await accountDelete.confirm(account.email);
      await accountDelete.expectDeleted();
      await check("account-deleted");
    });

    test("migration and the second factor at login", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, migration, splash } = screens;
      const { twoFactor, secondFactor } = twoFactorScreens(page, lang, javaScriptEnabled);
      const check = screenCheck(page, lang, javaScriptEnabled);

      const migrated = await createMigratedAccount(lang.code);
      await login.open();
      await login.logIn(migrated.email, "Irgendein-Passwort-1");
      await login.expectInvalidCredentials();
      const moved = await new Mailbox(migrated.email).nextEmail(lang.emailSubjects.migration);
      await migration.openLink(migrationLink(moved));
      await migration.expectCodeStep(migrated.email);
      await check("migration", { differsWithoutScripts: true });

      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await twoFactor.openFromSettings();
      const app = new AuthenticatorApp(await twoFactor.appSecret());
      await twoFactor.enterAppCode(await app.nextCode());
      await twoFactor.expectAppSetUp();
      await splash.open();
      await splash.logOut();
      await login.open();
      await login.logIn(account.email, account.password);
      await secondFactor.expectShown();
      await check("second-factor", { differsWithoutScripts: true });
    });
  });
}

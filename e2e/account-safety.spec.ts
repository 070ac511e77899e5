// Account safety (docs/account-safety.md): a new device's login is told by email, a known device's is not;
// an email change that is not confirmed changes nothing about logging in, and a confirmed one
// is undone from the old address's link; "This wasn't me" ends every session and leads to a new
// password; the account activity lists what happened.

import { securityNotices } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { Mailbox, noticeLink } from "./support/mailbox.ts";
import { expect, screensFor, secondBrowser, test } from "./support/test.ts";

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

for (const lang of languages) {
  test.describe(`account safety (${lang.code})`, () => {
    test.use({ lang });

    test("a new device's login sends one notice, a known device's none; the activity lists both", async ({
      screens,
      account,
      browser,
      javaScriptEnabled,
    }) => {
      const { login, splash, settings, activity } = screens;
      const { security } = lang.t;
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.logIn(account.email, "Falsch-2026-falsch");
      await login.expectInvalidCredentials();
      await login.enterPassword(account.password);
      await splash.expectSignedIn(account.email);
      expect(await securityNotices(account.email)).toHaveLength(1);
      const notice = await mailbox.nextEmail(lang.emailSubjects.newLogin);
      expect(noticeLink(notice)).toContain("/security/not-me?token=");

      // The same browser again: a known device.
      await splash.logOut();
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      expect(await securityNotices(account.email)).toHaveLength(1);

      // Another browser: a new device, named in the notice.
      const other = await secondBrowser(browser, {
        javaScriptEnabled,
        userAgent: FIREFOX_ON_WINDOWS,
      });
      try {
        const otherScreens = screensFor(await other.newPage(), lang, javaScriptEnabled);
        await otherScreens.login.open();
        await otherScreens.login.logIn(account.email, account.password);
        await otherScreens.splash.expectSignedIn(account.email);
      } finally {
        await other.close();
      }
      expect(await securityNotices(account.email)).toHaveLength(2);
      const second = await mailbox.nextEmail(lang.emailSubjects.newLogin);
      expect(second.text).toContain(
        lang.code === "de" ? "Firefox auf Windows" : "Firefox on Windows",
      );

      await settings.open();
      await settings.expectShown();
      await settings.openActivity();
      await activity.expectShown();
      // The plural's "one" case of the translation: "1 fehlgeschlagener Anmeldeversuch".
      const oneFailure = `1 ${security.events.login_failed.match(/one \{# ([^}]*)\}/)?.[1]}`;
      await activity.expectEvents([
        security.events.login_new_device,
        security.events.login_new_device,
        oneFailure,
      ]);
      await activity.expectEntryDetails(0, "Firefox · Windows");
      await activity.expectAccessible("account activity");
    });

    test("an email change waits for its code, changes nothing about logging in until then, and the old address undoes it", async ({
      screens,
      account,
    }) => {
      const { login, splash, settings, settingsPassword, securityLink, recovery } = screens;
      const oldMail = new Mailbox(account.email);
      const newEmail = `new-${account.email}`;
      const newMail = new Mailbox(newEmail);

      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      await settings.changeEmail(newEmail);
      await settings.expectShown();
      await settings.expectCodeSent(newEmail);
      await settings.expectEmailChangePending(newEmail, account.email);
      await settings.expectAccessible("settings (email change pending)");
      const requested = await oldMail.nextEmail(lang.emailSubjects.emailChangeRequested);
      expect(requested.text).toContain(newEmail);

      // Not confirmed: the new address does not log in, the old one does.
      await settings.logOut();
      await splash.expectSignedOut();
      await login.open();
      await login.logIn(newEmail, account.password);
      await login.expectInvalidCredentials();
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);

      await settings.open();
      await settings.expectEmailChangePending(newEmail, account.email);
      const code = await newMail.nextCode();
      expect(code.subject).toMatch(lang.emailSubjects.emailChangeCode);
      await settings.confirmEmailChange(code.code);
      await settings.expectShown();
      await settings.expectSuccessMessage("1905003");
      await settings.expectProfile({ ...account, email: newEmail });
      await settings.expectNoEmailChange();

      // The old address's notice undoes it.
      const completed = await oldMail.nextEmail(lang.emailSubjects.emailChangeCompleted);
      await securityLink.openLink(noticeLink(completed));
      await securityLink.expectUndo(account.email, newEmail);
      await securityLink.expectAccessible("undo email change");
      await securityLink.confirmUndo();
      await recovery.expectCodeStep();
      await recovery.enterCode((await oldMail.nextCode()).code);
      await settingsPassword.expectRecovered();
      await settingsPassword.setPassword("Neue-Monstera-2026");
      await settings.expectShown();
      await settings.expectProfile(account);
      await settings.expectSignOutOthersOffer();
      await settings.expectAccessible("settings (after a password change)");

      await settings.logOut();
      await splash.expectSignedOut();
      await login.open();
      await login.logIn(newEmail, "Neue-Monstera-2026");
      await login.expectInvalidCredentials();
      await login.open();
      await login.logIn(account.email, "Neue-Monstera-2026");
      await splash.expectSignedIn(account.email);

      // The link works once.
      await securityLink.openLink(noticeLink(completed));
      await securityLink.expectInvalid();
      await securityLink.expectAccessible("security link (used)");
    });

    test("This wasn't me ends every session, forgets the device and leads to a new password", async ({
      screens,
      account,
      browser,
      javaScriptEnabled,
    }) => {
      const { login, splash, settings, settingsPassword, securityLink, recovery } = screens;
      const mailbox = new Mailbox(account.email);
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await mailbox.nextEmail(lang.emailSubjects.newLogin);

      const thief = await secondBrowser(browser, {
        javaScriptEnabled,
        userAgent: FIREFOX_ON_WINDOWS,
      });
      try {
        const thiefScreens = screensFor(await thief.newPage(), lang, javaScriptEnabled);
        await thiefScreens.login.open();
        await thiefScreens.login.logIn(account.email, account.password);
        await thiefScreens.splash.expectSignedIn(account.email);
        const notice = await mailbox.nextEmail(lang.emailSubjects.newLogin);

        await securityLink.openLink(noticeLink(notice));
        await securityLink.expectNotMe();
        await securityLink.expectReported(
          lang.t.security.events.login_new_device,
          "Firefox · Windows",
        );
        await securityLink.expectAccessible("this wasn't me");
        await securityLink.confirmNotMe();
        await recovery.expectCodeStep();

        // Every session ended: the thief's browser is asked to log in again.
        await thiefScreens.settings.open();
        await thiefScreens.login.expectEmailStep();
      } finally {
        await thief.close();
      }

      await recovery.enterCode((await mailbox.nextCode()).code);
      await settingsPassword.expectRecovered();
      await settingsPassword.setPassword("Sichere-Farne-2026");
      await settings.expectShown();
      await settings.expectSuccessMessage("1050001");
      await settings.expectSignOutOthersOffer();
      await settings.signOutOthers();
      await settings.expectSuccessNote(lang.t.settings.notices.sessionsRevoked);
      await settings.expectOnlyThisDevice();
    });
  });
}

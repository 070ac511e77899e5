// The rest of every screen (every-screen.spec.ts has the ones a short journey reaches), with the
// same checks (support/screen-checks.ts): landmarks, the main landmark's accessibility tree (the
// .aria.yml files in every-screen-more.spec.ts-snapshots/) and axe with WCAG 2.2 A/AA rules in
// both viewports, also with forced colours and reduced motion. These screens sit at the end of
// longer journeys (a partner client, an email's link, a social provider), so each journey, with
// one account, serves several of them. German and English, with and without JavaScript; the
// passkey choice and the passkey offer after a sign-in need JavaScript.

import * as oidc from "openid-client";
import { ConsentScreen } from "./screens/consent-screen.ts";
import { OAuth2LogoutScreen } from "./screens/oauth2-logout-screen.ts";
import { PasskeyOfferScreen } from "./screens/passkey-offer-screen.ts";
import { newProviderPerson } from "./screens/provider-screen.ts";
import { createAccount, newAccountData } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { Mailbox, noticeLink } from "./support/mailbox.ts";
import { registerPartner } from "./support/partner-client.ts";
import { screenCheck } from "./support/screen-checks.ts";
import { expect, test } from "./support/test.ts";
import { addVirtualAuthenticator, twoFactorScreens } from "./support/two-factor.ts";

const PARTNER = "Partner Garden";

function confirmationLink(text: string): string {
  const link = text.match(/https?:\/\/\S+?\/newsletter\/confirm\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  return link;
}

for (const lang of languages) {
  test.describe(`every screen, continued (${lang.code})`, () => {
    test.use({ lang });

    test("the OpenID provider's consent and logout for a partner", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login } = screens;
      const context = { page, lang, javaScriptEnabled };
      const consent = new ConsentScreen(context);
      const logout = new OAuth2LogoutScreen(context);
      const check = screenCheck(page, lang, javaScriptEnabled);
      const partner = await registerPartner(PARTNER);
      try {
        const started = await partner.authorize(page, lang);
        await login.logIn(account.email, account.password);
        await consent.expectShown(PARTNER, account.email);
        await check("oauth2-consent");
        await consent.allow();
        await expect(page).toHaveURL(new RegExp(`^${partner.redirectUri}\\?`));
        const tokens = await oidc.authorizationCodeGrant(partner.client, new URL(page.url()), {
          pkceCodeVerifier: started.verifier,
          expectedState: started.state,
          idTokenExpected: true,
        });

        const endSession = oidc.buildEndSessionUrl(partner.client, {
          id_token_hint: tokens.id_token ?? "",
          post_logout_redirect_uri: partner.loggedOutUri,
        });
        await page.goto(endSession.href);
        await logout.expectShown(PARTNER);
        await check("oauth2-logout");
      } finally {
        await partner.close();
      }
    });

    test("code login, and the new password after recovery", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, recovery, settingsPassword } = screens;
      const { codeLogin } = twoFactorScreens(page, lang, javaScriptEnabled);
      const check = screenCheck(page, lang, javaScriptEnabled);
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await codeLogin.requestCode();
      await codeLogin.expectShown(account.email);
      await check("code-login");
      // The login code's email is read, so the recovery's code is the next one.
      await mailbox.nextCode();

      await recovery.open();
      await recovery.requestCode(account.email);
      await recovery.expectCodeStep();
      await recovery.enterCode((await mailbox.nextCode()).code);
      await settingsPassword.expectRecovered();
      await check("recovery-new-password", { differsWithoutScripts: true });
    });

    test("the newsletter's email sent, its confirmation and the confirmed page", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { login, newsletter, splash } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      const account = await createAccount({ newsletter: "unanswered", locale: lang.code });
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.logIn(account.email, account.password);
      await newsletter.expectQuestion();
      await newsletter.accept();
      await newsletter.expectSent();
      await check("newsletter-sent");
      await newsletter.goOn();
      await splash.expectSignedIn(account.email);

      await newsletter.openConfirmation(
        confirmationLink((await mailbox.nextEmail(lang.emailSubjects.newsletter)).text),
      );
      await check("newsletter-confirm");
      await newsletter.confirm();
      await newsletter.expectConfirmed();
      await check("newsletter-confirmed");
    });

    test("a security notice's links: this wasn't me, and the undo of an email change", async ({
      page,
      screens,
      account,
      javaScriptEnabled,
    }) => {
      const { login, splash, settings, securityLink } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);
      const mailbox = new Mailbox(account.email);
      const newEmail = `new-${account.email}`;

      // The first login in this browser: a new device, told by email with "This wasn't me".
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      const notice = await mailbox.nextEmail(lang.emailSubjects.newLogin);
      await securityLink.openLink(noticeLink(notice));
      await securityLink.expectNotMe();
      await check("security-not-me");

      // A confirmed email change: the old address's notice offers to undo it.
      await settings.open();
      await settings.expectShown();
      await settings.changeEmail(newEmail);
      await settings.expectShown();
      await settings.expectCodeSent(newEmail);
      await settings.confirmEmailChange((await new Mailbox(newEmail).nextCode()).code);
      await settings.expectShown();
      await settings.expectSuccessMessage("1905003");
      const completed = await mailbox.nextEmail(lang.emailSubjects.emailChangeCompleted);
      await securityLink.openLink(noticeLink(completed));
      await securityLink.expectUndo(account.email, newEmail);
      await check("security-undo-email-change");
    });

    test("social register, and with JavaScript the passkey choice and the passkey offer", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { splash, provider, socialRegister, registration, login } = screens;
      const check = screenCheck(page, lang, javaScriptEnabled);

      // Facebook may give no email: the screen asks for it.
      await splash.openRegistration();
      await splash.continueWith("Facebook");
      await provider.signInAs("Facebook", newProviderPerson({ withoutEmail: true }));
      await socialRegister.expectEmailAsked("Facebook");
      await check("social-register");

      // "Weiter mit Passkey" is offered only with JavaScript (passkeys need it).
      if (!javaScriptEnabled) return;
      await addVirtualAuthenticator(page);
      const account = newAccountData();
      await registration.open();
      await registration.continueWithPasskey(account);
      await registration.expectCredentialChoice(account.email);
      await check("registration-passkey-choice");

      // A password sign-in on a device that can make a passkey: the offer, and its ready step.
      const offer = new PasskeyOfferScreen({ page, lang, javaScriptEnabled });
      const customer = await createAccount({ locale: lang.code });
      await login.open();
      await login.logIn(customer.email, customer.password);
      await offer.expectShown();
      await check("passkey-offer");
      await offer.create();
      await offer.expectCreated();
      await check("passkey-offer-created");
    });
  });
}

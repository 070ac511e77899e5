// Social sign-in with Apple, Facebook and Google through the local sign-in provider on
// 127.0.0.1 (cross-site to the web app on localhost, as in production): registering with each
// provider, the greeting of a social-only account, Facebook without an email (social
// register and the code), an existing customer who meets 4000027, proves the account and then
// signs in with Google, linked accounts in settings, and what a forged state or a cancelled
// sign-in shows. Each journey uses its own person at the provider and its own email.

import { newProviderPerson } from "./screens/provider-screen.ts";
import { languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`social sign-in (${lang.code})`, () => {
    test.use({ lang });

    test("registers with Google from the splash, is greeted as a social account, logs in again", async ({
      screens,
    }) => {
      const { splash, provider, login, newsletter } = screens;
      const person = newProviderPerson();
      const email = person.email ?? "";

      await splash.open();
      await splash.expectSignedOut();
      await splash.expectSocialButtons();
      await splash.expectAccessible("splash (social sign-in)");
      await splash.continueWith("Google");
      await provider.signInAs("Google", person);
      // A new customer is asked about the newsletter before going on.
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(email);
      await splash.logOut();

      // Identifier first: this account has no password, so it is welcomed with its provider.
      await login.open();
      await login.enterEmail(email);
      await login.expectGreeting(email, "Google");
      await login.expectAccessible("login (greeting a social account)");
      await login.continueWith("Google");
      await provider.signInAs("Google", person);
      await splash.expectSignedIn(email);
    });

    test("registers with Apple (form_post) on the registration screen, logs in again", async ({
      screens,
    }) => {
      const { registration, provider, splash, login, newsletter } = screens;
      const person = newProviderPerson();
      const email = person.email ?? "";

      await registration.open();
      await registration.expectAccessible("registration (social sign-in)");
      await registration.continueWith("Apple", "1040002");
      await provider.signInAs("Apple", person);
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(email);
      await splash.logOut();

      await login.open();
      await login.expectAccessible("login (social sign-in)");
      await login.continueWith("Apple");
      await provider.signInAs("Apple", person);
      await splash.expectSignedIn(email);
    });

    test("registers with Facebook without an email: gives it and verifies it by code", async ({
      screens,
    }) => {
      const { splash, provider, socialRegister, verification } = screens;
      const person = newProviderPerson({ withoutEmail: true });
      const email = newProviderPerson().email ?? "";
      const mailbox = new Mailbox(email);

      await splash.openRegistration();
      await splash.continueWith("Facebook");
      await provider.signInAs("Facebook", person);
      await socialRegister.expectEmailAsked("Facebook");
      await socialRegister.expectAccessible("social register");
      await socialRegister.submit();
      await socialRegister.expectFieldError(lang.t.common.email, lang.t.validation.emailInvalid);

      await socialRegister.enterEmail(email);
      await verification.expectCodeStep(email);
      await verification.enterCode((await mailbox.nextCode()).code);
      await verification.expectVerified();
      await splash.open();
      await splash.expectSignedIn(email);
    });

    test("an existing customer meets 4000027, proves the account, then logs in with Google", async ({
      screens,
      account,
    }) => {
      const { login, provider, splash, settings } = screens;
      const person = { first: account.firstName, last: account.lastName, email: account.email };

      await login.open();
      await login.continueWith("Google");
      await provider.signInAs("Google", person);
      // Never merged by email: the password proves the account and links Google to it.
      await login.expectLinkStep(account.email, "Google");
      await login.expectAccessible("login (link a social profile)");
      await login.enterPassword(account.password);
      await splash.expectSignedIn(account.email);
      await splash.logOut();

      await login.open();
      await login.continueWith("Google");
      await provider.signInAs("Google", person);
      await splash.expectSignedIn(account.email);

      // Settings: Google is linked (the password remains, so it may go), unlink and link again.
      await settings.open();
      await settings.expectShown();
      await settings.expectLinked("Google");
      await settings.expectNotLinked("Apple");
      await settings.expectAccessible("settings (linked accounts)");
      await settings.unlinkAccount("Google");
      await settings.expectSuccessMessage("1050001");
      await settings.expectNotLinked("Google");
      await settings.linkAccount("Google");
      await provider.signInAs("Google", person);
      await settings.expectShown();
      await settings.expectLinked("Google");
    });

    test("a forged state and a cancelled sign-in say what went wrong", async ({
      screens,
      page,
      context,
    }) => {
      const { login, provider, splash } = screens;
      await login.open();

      await page.goto("/self-service/methods/oidc/callback/google?state=forged-state&code=x");
      await login.expectEmailStep();
      await login.expectSocialError("state_invalid");
      await login.expectAccessible("login (forged state)");

      await login.continueWith("Google");
      await provider.cancel("Google");
      await login.expectEmailStep();
      await login.expectSocialError("provider_error", "Google");

      const cookies = await context.cookies();
      test.expect(cookies.map((cookie) => cookie.name)).not.toContain("ory_kratos_session");
      await splash.open();
      await splash.expectSignedOut();
    });
  });
}

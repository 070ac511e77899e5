// Register, read the code from the inbox, verify, log out, log in (wrong password first):
// the whole first visit of a new customer, in German and in English, with and without
// JavaScript (the projects), plus the registration form's own messages (SPEC.md §5).

import { newAccountData } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { atWidth, WIDTHS } from "./support/layout.ts";
import { Mailbox } from "./support/mailbox.ts";
import { expect, test } from "./support/test.ts";

for (const lang of languages) {
  test.describe(`registration (${lang.code})`, () => {
    test.use({ lang });

    test("empty fields show the required messages, never the browser's bubbles", async ({
      screens,
    }) => {
      const { registration } = screens;
      const { validation } = lang.t;
      await registration.open();
      await registration.expectNoBrowserValidation();

      await registration.submit();

      await registration.expectUrl("/registration", { flow: true });
      await registration.expectFieldError(
        registration.labels.firstName,
        validation.firstNameRequired,
      );
      await registration.expectFieldError(
        registration.labels.lastName,
        validation.lastNameRequired,
      );
      await registration.expectFieldError(registration.labels.email, validation.emailInvalid);
      await registration.expectFieldError(
        registration.labels.password,
        validation.passwordRequired,
      );
      await registration.expectFieldError(
        registration.labels.repeatPassword,
        validation.repeatPasswordRequired,
      );
      await registration.expectAccessible("registration with errors");
    });

    test("a different repeated password shows that the passwords do not match", async ({
      screens,
    }) => {
      const { registration } = screens;
      const account = newAccountData();
      await registration.open();

      await registration.register({
        ...account,
        repeatPassword: `${account.password}-anders`,
      });

      await registration.expectFieldError(
        registration.labels.repeatPassword,
        lang.t.validation.passwordsDoNotMatch,
      );
      for (const label of ["firstName", "lastName", "email", "password"] as const) {
        await registration.expectNoFieldError(registration.labels[label]);
      }
      // The names and the address are kept; nothing was created.
      await expect(registration.field(registration.labels.email)).toHaveValue(account.email);
    });

    // docs/web-app.md: after the identity service refused the form, the social buttons and the fields
    // stay where they were and the fields it kept keep their check marks (no jump).
    test("a refused registration keeps the layout and the check marks", async ({
      page,
      screens,
      javaScriptEnabled,
    }) => {
      const { registration } = screens;
      const { labels } = registration;
      const kept = [labels.firstName, labels.lastName, labels.email];
      const steady = [
        ...["Apple", "Facebook", "Google"].map((p) => registration.socialButton(p, "1040002")),
        ...[...kept, labels.password].map((label) => registration.field(label)),
      ];
      // Where each sits on the page (not in the viewport, which typing may have scrolled).
      const boxes = (): Promise<unknown[]> =>
        Promise.all(
          steady.map((locator) =>
            locator.evaluate((element) => {
              const { x, y, width, height } = element.getBoundingClientRect();
              return { x, y: y + window.scrollY, width, height };
            }),
          ),
        );
      for (const width of WIDTHS) {
        await atWidth(page, width);
        const account = newAccountData();
        await registration.open();
        // Too similar to the address: only the identity service's check refuses it.
        await registration.fill({
          ...account,
          password: account.email,
          repeatPassword: account.email,
        });
        await registration.field(labels.repeatPassword).blur();
        if (javaScriptEnabled) {
          for (const label of kept) {
            await expect(registration.field(label)).toHaveAttribute("data-status", "valid");
          }
        }
        const before = await boxes();
        await registration.submit();
        await expect(registration.field(labels.password)).toHaveAttribute("aria-invalid", "true");
        for (const label of kept) {
          await expect(registration.field(label), `${label} at ${width} px`).toHaveAttribute(
            "data-status",
            "valid",
          );
        }
        expect(await boxes(), `boxes at ${width} px`).toEqual(before);
      }
    });

    test("registers, verifies with the emailed code, logs out and logs in again", async ({
      screens,
    }) => {
      const { registration, verification, settings, splash, login, newsletter } = screens;
      const account = newAccountData();
      const mailbox = new Mailbox(account.email);

      await registration.open();
      await registration.register({ ...account, repeatPassword: account.password });

      await verification.expectCodeStep(account.email);
      await verification.expectAccessible("verification (code)");
      const email = await mailbox.nextCode();
      expect(email.subject, "the email comes in the customer's language").toMatch(
        lang.emailSubjects.verification,
      );
      await verification.enterCode(email.code);
      await verification.expectVerified();
      await verification.expectAccessible("verification (done)");

      // Registering signed the customer in: settings show the account; "Abmelden" ends it.
      await settings.open();
      await settings.expectShown();
      await settings.expectProfile(account);
      await settings.expectAccessible("settings");
      await settings.logOut();
      await splash.expectSignedOut();
      await splash.expectAccessible("splash");

      await login.open();
      await login.enterEmail(account.email);
      await login.expectPasswordStep(account.email);
      await login.enterPassword("Falsches-Passwort-1");
      await login.expectInvalidCredentials();
      await login.expectPasswordStep(account.email);
      await login.expectAccessible("login (wrong password)");

      await login.enterPassword(account.password);
      // The newsletter question is still open: it is asked before going on.
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(account.email);
    });
  });
}

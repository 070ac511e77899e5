// Newsletter consent: asked after a sign-in while unanswered, double opt-in by email (the
// confirmation page confirms only by its button), a no, the settings section, and the
// newsletter.consent_changed webhook the shop receives.

import { expect } from "@playwright/test";
import { createAccount, findIdentity } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { Mailbox } from "./support/mailbox.ts";
import { signIn } from "./support/sign-in.ts";
import { test } from "./support/test.ts";
import { waitForWebhook } from "./support/webhooks.ts";

function confirmationLink(text: string): string {
  const link = text.match(/https?:\/\/\S+?\/newsletter\/confirm\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  return link;
}

async function newsletterStatus(email: string): Promise<unknown> {
  const identity = await findIdentity(email);
  return (identity?.metadata_admin?.newsletter as { status?: unknown } | undefined)?.status;
}

for (const lang of languages) {
  test.describe(`newsletter (${lang.code})`, () => {
    test.use({ lang });

    test("a yes after logging in sends the confirmation email; its page confirms by its button", async ({
      screens,
    }) => {
      const { login, newsletter, splash } = screens;
      const account = await createAccount({ newsletter: "unanswered", locale: lang.code });
      const mailbox = new Mailbox(account.email);

      await login.open();
      await login.logIn(account.email, account.password);
      await newsletter.expectQuestion();
      await newsletter.expectAccessible("newsletter");
      await newsletter.accept();
      await newsletter.expectSent();
      await newsletter.expectAccessible("newsletter (email sent)");
      await newsletter.goOn();
      await splash.expectSignedIn(account.email);

      const identityId = (await findIdentity(account.email))?.id;
      const requested = await waitForWebhook("newsletter.consent_changed", {
        identity_id: identityId,
        status: "pending",
      });
      expect(requested.body.data).toMatchObject({
        email: account.email,
        subscribed: false,
        locale: lang.code,
      });

      const email = await mailbox.nextEmail(lang.emailSubjects.newsletter);
      const link = confirmationLink(email.text);
      await newsletter.openConfirmation(link);
      await newsletter.expectAccessible("newsletter confirmation");
      // Opening the link (as a mail scanner does) confirms nothing.
      expect(await newsletterStatus(account.email)).toBe("pending");
      await newsletter.confirm();
      await newsletter.expectConfirmed();
      await newsletter.expectAccessible("newsletter confirmed");
      const confirmed = await waitForWebhook("newsletter.consent_changed", {
        identity_id: identityId,
        status: "subscribed",
      });
      expect(confirmed.body.data).toMatchObject({ subscribed: true, email: account.email });

      // The link works once.
      await newsletter.openConfirmation(link);
      await newsletter.confirm();
      await newsletter.expectLinkInvalid();
    });

    test("a no goes straight on and is not asked again", async ({ screens, page }) => {
      const { login, newsletter, splash } = screens;
      const account = await createAccount({ newsletter: "unanswered", locale: lang.code });

      await login.open();
      await login.logIn(account.email, account.password);
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(account.email);
      const identityId = (await findIdentity(account.email))?.id;
      await waitForWebhook("newsletter.consent_changed", {
        identity_id: identityId,
        status: "declined",
        subscribed: false,
      });

      await splash.logOut();
      await login.open();
      await login.logIn(account.email, account.password);
      await splash.expectSignedIn(account.email);
      await page.goto(`${lang.prefix}/newsletter`);
      await splash.expectSignedIn(account.email);
    });

    test("settings show the newsletter and change it both ways", async ({
      page,
      screens,
      account,
    }) => {
      const { settings, newsletterSettings, newsletter, splash } = screens;
      const mailbox = new Mailbox(account.email);

      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      await newsletterSettings.expectState("unsubscribed");
      await newsletterSettings.subscribe();
      await newsletterSettings.expectRequested();
      await settings.expectAccessible("settings (newsletter requested)");

      await newsletter.openConfirmation(
        confirmationLink((await mailbox.nextEmail(lang.emailSubjects.newsletter)).text),
      );
      await newsletter.confirm();
      await newsletter.expectConfirmed();

      await settings.open();
      await newsletterSettings.expectState("subscribed");
      await newsletterSettings.withdraw();
      await newsletterSettings.expectWithdrawn();
      const identityId = (await findIdentity(account.email))?.id;
      await waitForWebhook("newsletter.consent_changed", {
        identity_id: identityId,
        status: "withdrawn",
        subscribed: false,
      });
    });
  });
}

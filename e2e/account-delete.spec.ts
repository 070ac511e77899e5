// Account delete: from settings, what is deleted and what the shop keeps, the data export, the
// confirmation; afterwards the customer is signed out, cannot log in, gets the email, and the
// shop gets the identity.deleted webhook. Signed out, the screen asks for a sign-in first and
// comes back; the sign-in again that a session which is not recent gets comes back too (which
// sessions get it: apps/web/src/screens/account-delete/recent-sign-in.test.ts).

import { expect } from "@playwright/test";
import { findIdentity } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { atWidth, expectFitsItsBox, expectNoHorizontalScroll, WIDTHS } from "./support/layout.ts";
import { Mailbox } from "./support/mailbox.ts";
import { signIn } from "./support/sign-in.ts";
import { test } from "./support/test.ts";
import { waitForWebhook } from "./support/webhooks.ts";

for (const lang of languages) {
  test.describe(`account delete (${lang.code})`, () => {
    test.use({ lang });

    test("downloads the data, deletes the account and cannot log in any more", async ({
      page,
      screens,
      account,
    }) => {
      const { login, settings, accountDelete, splash } = screens;
      const mailbox = new Mailbox(account.email);

      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);
      await settings.open();
      await settings.expectShown();
      const identityId = (await findIdentity(account.email))?.id;
      await settings.link(lang.t.accountDelete.title).click();
      await accountDelete.expectShown();
      await accountDelete.expectAccessible("account delete");

      const data = await accountDelete.downloadData();
      expect(data).toMatchObject({
        format: "moos-account-export/1",
        profile: {
          id: identityId,
          traits: {
            email: account.email,
            name: { first: account.firstName, last: account.lastName },
          },
        },
        addresses: [{ value: account.email, verified: true }],
        linked_providers: [],
        newsletter: { status: "declined", subscribed: false },
      });
      const sessions = data.sessions as { id: string }[];
      expect(sessions.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(data)).not.toContain("hashed_password");

      await accountDelete.expectDangerButton();
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await expectFitsItsBox(accountDelete.button(lang.t.accountDelete.confirm));
        await expectNoHorizontalScroll(page);
      }
      // One stray click, or the wrong address, deletes nothing.
      await accountDelete.clickWithoutConfirming();
      await accountDelete.clickWithoutConfirming(`x${account.email}`);
      await accountDelete.expectAccessible("account delete, not confirmed");
      await accountDelete.confirm(account.email);
      await accountDelete.expectDeleted();
      await accountDelete.expectAccessible("account deleted");

      const deleted = await waitForWebhook("identity.deleted", { identity_id: identityId });
      expect(deleted.body.data).toMatchObject({ email: account.email });
      const email = await mailbox.nextEmail(lang.emailSubjects.accountDeleted);
      expect(email.subject).toMatch(lang.emailSubjects.accountDeleted);
      expect(await findIdentity(account.email)).toBeUndefined();

      await splash.open();
      await splash.expectSignedOut();
      await login.open();
      await login.logIn(account.email, account.password);
      await login.expectInvalidCredentials();
    });

    test("signed out, the screen asks for a sign-in first and comes back", async ({
      screens,
      account,
    }) => {
      const { login, accountDelete } = screens;
      await accountDelete.open();
      await login.expectEmailStep();
      await login.logIn(account.email, account.password);
      await accountDelete.expectShown();
    });

    test("signed in, the sign-in again asks only for the password and comes back", async ({
      page,
      screens,
      account,
    }) => {
      const { splash, accountDelete } = screens;
      await signIn(page, account);
      await splash.open();
      await splash.expectSignedIn(account.email);

      await accountDelete.openReauthentication();
      await accountDelete.expectReauthentication(account.email);
      await accountDelete.expectAccessible("account delete (sign in again)");
      await accountDelete.confirmPassword(account.password);
      await accountDelete.expectShown();
    });
  });
}

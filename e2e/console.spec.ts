// The customer-service console (docs/console.md): staff sign in through Moos with a second
// factor, search, open a customer, change the account with a reason, and read the audit log;
// every screen in German and English, with and without JavaScript (every console form is a
// plain post), axe on each (the customer page in the dark scheme too). The console starts on first use in the worker
// (support/services/console.ts).

import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { apiSignIn, createStaff, patchIdentity } from "./support/console-staff.ts";
import { expect, test } from "./support/console-test.ts";
import { createAccount, findIdentity } from "./support/identity-admin.ts";
import { languages } from "./support/languages.ts";
import { E2E_DATA } from "./support/services/processes.ts";

const SCREENSHOTS = path.join(E2E_DATA, "console-screenshots");

async function customerWithSession(locale: "de" | "en") {
  const account = await createAccount({ locale });
  const identity = await findIdentity(account.email);
  if (!identity) throw new Error("no identity");
  await apiSignIn(account);
  return { ...account, id: identity.id, fullName: `${account.firstName} ${account.lastName}` };
}

function masked(account: { email: string; firstName: string; lastName: string }) {
  return {
    name: `${account.firstName} ${account.lastName[0]}.`,
    email: `${account.email[0]}***${account.email.slice(account.email.indexOf("@"))}`,
  };
}

for (const lang of languages) {
  test.describe(`console (${lang.code})`, () => {
    test.use({ lang });

    test("support: sign in with a second factor, search, open, lock and unlock, audit", async ({
      console: screens,
      signedInAs,
      javaScriptEnabled,
      page,
    }) => {
      const { signIn, search, customer, audit } = screens;
      const person = await customerWithSession(lang.code);

      await page.goto(search.url("/"));
      await signIn.expectShown();
      await signIn.expectAccessible("console sign-in");
      const staff = await signedInAs("support");
      await search.expectSignedIn(`${staff.firstName} ${staff.lastName}`, "support");
      await search.expectAccessible("console search");

      await search.search("E");
      await search.expectInvalid();

      await search.search(person.email);
      await search.expectResults(1, "email");
      const shown = masked(person);
      await search.expectResult(shown.name, shown.email);
      const shoot = javaScriptEnabled && lang.code === "de";
      if (shoot) await screenshots(page, "search");
      await search.openResult(shown.name);

      await customer.expectShown(person.fullName, person.email);
      await customer.expectSections([]);
      await customer.expectAccessible("console customer");
      if (shoot) await screenshots(page, "customer");

      await customer.endSessions("Kundin hat ihr Handy verloren");
      await customer.expectDone("sessions.revoke");
      expect(await customer.sessionRows()).toBe(0);

      await customer.lock("Kundin meldet fremde Bestellungen");
      await customer.expectDone("account.lock");
      await customer.expectLocked();
      await customer.expectActivity(screens.customer.t.events.support_account_locked);
      await customer.unlock("Kundin hat sich ausgewiesen");
      await customer.expectDone("account.unlock");
      await customer.expectNotLocked();

      await customer.resend("recovery", "Kundin wartet auf den Code");
      await customer.expectRefused("console_nothing_to_do", "email.resend");

      await customer.correctName("Anne", "Farnkraut", "Tippfehler bei der Anmeldung");
      await customer.expectDone("name.correct");
      await customer.expectTitle("Anne Farnkraut");

      // Changed behind the page's back: the lock is refused, nothing is half-done.
      await patchIdentity(person.id, [
        { op: "replace", path: "/traits/name/first", value: "Annette" },
      ]);
      await customer.lock("Kundin meldet fremde Bestellungen");
      await customer.expectRefused("console_conflict");
      await customer.expectTitle("Annette Farnkraut");
      await customer.expectNotLocked();

      await audit.openForCustomer(person.id);
      await audit.expectEntry("account.lock", { reason: "Kundin meldet fremde Bestellungen" });
      await audit.expectEntry("customer.open");
      await audit.expectAccessible("console audit");
      if (shoot) await screenshots(page, "audit");
    });

    test("admin: sign in again, export, delete with the typed address, roles on the team page", async ({
      console: screens,
      signedInAs,
    }) => {
      const { signIn, search, customer, staff: team, audit } = screens;
      const colleague = await createStaff("support", { locale: lang.code });
      const person = await customerWithSession(lang.code);
      const admin = await signedInAs("admin");

      // Asking to sign in again: Moos wants the password once more, then back to the section.
      await signIn.startReauth(`/customers/${person.id}`, "export");
      await signIn.confirmWithPassword(admin);
      await customer.expectShown(person.fullName, person.email);
      await customer.expectSections(["role", "export", "delete"]);

      const file = await customer.exportData("Auskunft nach Art. 15 DSGVO");
      const exported = JSON.parse(await readFile(await file.path(), "utf8"));
      expect(exported).toMatchObject({
        format: "moos-account-export/1",
        profile: { id: person.id, traits: { email: person.email } },
      });

      await customer.deleteAccount("someone-else@example.com", "Kundin will kein Konto mehr");
      await customer.expectRefused("confirm");
      await customer.deleteAccount(person.email, "Kundin will kein Konto mehr");
      await search.expectShown();
      await search.expectDone("account.delete");
      await customer.open(person.id);
      await screens.notFound.expectCustomerNotFound();

      await team.open();
      const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
      await team.expectMember(colleagueName, "support");
      await team.expectAccessible("console team");
      await team.changeRole(colleagueName, "viewer", "Wechselt in die Buchhaltung");
      await team.expectDone("staff.role_change");
      await team.expectMember(colleagueName, "viewer");

      await audit.openForStaff(admin.id, admin.email);
      await audit.expectEntry("staff.role_change", { reason: "Wechselt in die Buchhaltung" });
      await audit.expectEntry("account.delete", { reason: "Kundin will kein Konto mehr" });
      await audit.expectEntry("data.export", { reason: "Auskunft nach Art. 15 DSGVO" });
    });

    test("viewer: reads only, no team page, 404 screens, logging out", async ({
      console: screens,
      signedInAs,
      forgetSignIn,
      page,
      browserErrors,
    }) => {
      browserErrors.allow(/status of 404/, "an unknown page is a 404");
      const { signIn, search, customer, staff: team, notFound } = screens;
      const admin = await createStaff("admin", { locale: lang.code, secondFactor: "none" });
      const person = await customerWithSession(lang.code);
      await signedInAs("viewer");

      await customer.open(person.id);
      await customer.expectShown(person.fullName, person.email);
      await customer.expectNoChanges();
      await customer.expectDarkAccessible("console customer");
      await customer.open(admin.id);
      await expect(
        page.getByRole("alert").filter({ hasText: customer.t.customer.forbidden }),
      ).toBeVisible();

      await team.page.goto(team.url("/staff"));
      await team.expectForbidden();

      await customer.open(crypto.randomUUID());
      await notFound.expectCustomerNotFound();
      await notFound.expectAccessible("console customer not found");
      await page.goto(search.url("/no-such-screen"));
      await notFound.expectPageNotFound();

      await search.logOut();
      forgetSignIn("viewer");
      await signIn.expectShown("signed_out");
      await page.goto(search.url("/"));
      await signIn.expectShown();
    });

    test("refused at sign-in: no second factor, no role", async ({ console: screens, page }) => {
      const { signIn, search } = screens;
      const withoutSecondFactor = await createStaff("support", {
        locale: lang.code,
        secondFactor: "none",
      });
      await page.goto(search.url("/"));
      await signIn.start();
      await signIn.signInAtMoos(withoutSecondFactor);
      await signIn.expectShown("second_factor");
      await expect(page.getByRole("link", { name: signIn.t.signIn.settings })).toHaveAttribute(
        "href",
        /\/settings\/two-factor$/,
      );

      const customerOnly = await createStaff(null, { locale: lang.code });
      await page.context().clearCookies();
      await page.goto(search.url("/"));
      await signIn.start();
      await signIn.signInAtMoos(customerOnly);
      await signIn.expectShown("not_staff");
    });
  });
}

/** The screen at a phone's width and a laptop's, for the closing note (not committed). */
async function screenshots(page: import("@playwright/test").Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

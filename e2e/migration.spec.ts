// User migration: the old shop's customers imported by `npm run import` (bad rows reported, a
// second run creates nothing), imported bcrypt and phpass passwords that log in, and a customer
// without a password whom the login answers like anyone (the same email step, a wrong password)
// and whom the emailed link leads to the User migration screen, where a code sets a password
// (docs/security.md#imported-customers-find-their-way).

import { execFile } from "node:child_process";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import type { NewsletterScreen } from "./screens/newsletter-screen.ts";
import { createAccount, createMigratedAccount } from "./support/identity-admin.ts";
import { languages, localizedPath } from "./support/languages.ts";
import { Mailbox, migrationLink } from "./support/mailbox.ts";
import { serviceSet } from "./support/services/service-set.ts";
import { test } from "./support/test.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const SAMPLE = path.join(root, "apps/identity/import/sample/old-shop-customers.csv");

/** Sample customers (apps/identity/import/sample/README.md). */
const BCRYPT = { email: "anna.becker@old-shop.example", password: "Monstera-2019" };
const PHPASS = { email: "paul.wagner@old-shop.example", password: "Farnwedel-77" };
const WITHOUT_PASSWORD = "clara.wolf@old-shop.example";

async function importFile(file: string): Promise<{ stdout: string; stderr: string }> {
  return run(
    "npm",
    [
      "run",
      "-s",
      "import",
      "--",
      file,
      "--admin-url",
      serviceSet().identityAdminUrl,
      "--token",
      serviceSet().adminToken,
    ],
    { cwd: root },
  );
}

/** Imported customers meet the newsletter question on their first sign-in (in either language). */
async function answerIfAsked(
  page: Page,
  newsletter: NewsletterScreen,
  lang: { prefix: string },
): Promise<void> {
  await page.waitForURL((url) => !url.pathname.startsWith(`${lang.prefix}/login`));
  if (new URL(page.url()).pathname === localizedPath(newsletter.lang, "/newsletter")) {
    await newsletter.decline();
  }
}

function codeOf(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in:\n${text}`);
  return code;
}

for (const lang of languages) {
  test.describe(`user migration (${lang.code})`, () => {
    test.use({ lang });

    test("imports the sample file twice; imported bcrypt and phpass passwords log in", async ({
      screens,
      page,
    }, testInfo) => {
      const { login, splash, newsletter } = screens;
      const file = testInfo.outputPath("old-shop-customers.csv");
      copyFileSync(SAMPLE, file);

      const first = await importFile(file);
      expect(first.stderr).toContain("line 11:");
      expect(first.stderr).toContain("line 12:");
      expect(first.stderr).toContain("line 13:");
      // Fresh, or imported by an earlier project of this run: 9 customers either way.
      const counts = first.stdout.match(/(\d+) created, (\d+) already present, 3 bad rows/);
      expect(Number(counts?.[1]) + Number(counts?.[2])).toBe(9);
      const second = await importFile(file);
      expect(second.stdout).toContain("0 created, 9 already present, 3 bad rows");

      for (const customer of [BCRYPT, PHPASS]) {
        await login.open();
        await login.logIn(customer.email, customer.password);
        await answerIfAsked(page, newsletter, lang);
        await splash.expectSignedIn(customer.email);
        await splash.logOut();
      }

      // Imported without a password: the email step asks for the password, as for anyone.
      await login.open();
      await login.enterEmail(WITHOUT_PASSWORD);
      await login.expectPasswordStep(WITHOUT_PASSWORD);
    });

    test("the email step and a password answer alike for an imported, a registered and an unknown address", async ({
      screens,
    }) => {
      const { login } = screens;
      const registered = await createAccount();
      const imported = await createMigratedAccount(lang.code);
      const unknown = `nobody-${crypto.randomUUID()}@example.com`;
      const seen: string[][] = [];
      // The imported customer last: once its email is there, the others' jobs have been taken.
      for (const email of [registered.email, unknown, imported.email]) {
        const screen = async (): Promise<string> =>
          (await login.mainText()).replaceAll(email, "<email>");
        await login.open();
        await login.enterEmail(email);
        await login.expectPasswordStep(email);
        const emailStep = await screen();
        await login.enterPassword("Irgendein-Passwort-1");
        await login.expectInvalidCredentials();
        seen.push([emailStep, await screen()]);
      }
      expect(seen[1]).toEqual(seen[0]);
      expect(seen[2]).toEqual(seen[0]);
      await new Mailbox(imported.email).nextEmail(lang.emailSubjects.migration);
      await new Mailbox(registered.email).expectNone(lang.emailSubjects.migration);
    });

    test("a customer without a password sets one by code and is signed in", async ({ screens }) => {
      const { login, migration, newsletter, splash } = screens;
      const account = await createMigratedAccount(lang.code);
      const mailbox = new Mailbox(account.email);
      const password = "Neue-Monstera-2026";

      // Any password answers as a wrong one does; the email shows the way on.
      await login.open();
      await login.logIn(account.email, "Irgendein-Passwort-1");
      await login.expectInvalidCredentials();
      // "Your account has moved", in the shop's voice, not the ordinary recovery email.
      const moved = await mailbox.nextEmail(lang.emailSubjects.migration);
      await migration.openLink(migrationLink(moved));
      await migration.expectCodeStep(account.email);
      await migration.expectAccessible("migration (code)");

      await migration.resendCode();
      await migration.expectResent();
      const code = codeOf((await mailbox.nextEmail(lang.emailSubjects.migration)).text);

      await migration.submit({ code: code === "000000" ? "111111" : "000000", password });
      await migration.expectMessage("4060006");
      await migration.expectAccessible("migration (wrong code)");

      // The code is right, the password is refused: only the password is asked again.
      await migration.submit({ code, password: account.email });
      await migration.expectPasswordStep();
      await expect(migration.field(lang.t.migration.newPassword)).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await migration.expectAccessible("migration (password refused)");
      await migration.submit({ password });
      // Signed in: the newsletter question comes first, as after any first sign-in.
      await newsletter.expectQuestion();
      await newsletter.decline();
      await splash.expectSignedIn(account.email);

      await splash.logOut();
      await login.open();
      await login.logIn(account.email, password);
      await splash.expectSignedIn(account.email);
    });
  });
}

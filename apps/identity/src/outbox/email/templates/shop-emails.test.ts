import { describe, expect, it } from "vitest";
import { type EmailLocale, renderEmail } from "./index.ts";

// The shop's emails (docs/newsletter-deletion-migration.md): newsletter confirmation, account deleted, and the "account has moved"
// variant of the recovery code email.

const locales: EmailLocale[] = ["de", "en"];

describe("newsletter_confirmation", () => {
  it.each(locales)("names the 10%% welcome gift and links the confirmation (%s)", (locale) => {
    const url = "https://shop.example/newsletter/confirm?token=a.b&x=<1>";
    const email = renderEmail("newsletter_confirmation", locale, { confirmation_url: url });
    expect(email.text).toContain(locale === "de" ? "10 %" : "10%");
    expect(email.text).toContain(url);
    expect(email.html).toContain(
      'href="https://shop.example/newsletter/confirm?token=a.b&amp;x=&lt;1&gt;"',
    );
    expect(email.html).toContain(locale === "de" ? "Anmeldung bestätigen" : "Confirm subscription");
  });
});

describe("account_deleted", () => {
  it.each(locales)("says what is deleted and what the shop keeps (%s)", (locale) => {
    const email = renderEmail("account_deleted", locale, {});
    expect(email.text).toContain(locale === "de" ? "Rechnungen" : "invoices");
    expect(email.subject).toBe(
      locale === "de" ? "Dein Moos-Konto ist gelöscht" : "Your Moos account has been deleted",
    );
  });
});

describe("recovery_code_valid for migrated customers", () => {
  it("says the account has moved, with the code", () => {
    const model = { code: "482913", expiresInMinutes: 10, migration: true };
    expect(renderEmail("recovery_code_valid", "de", model).subject).toBe(
      "Dein Kundenkonto ist umgezogen: dein Code 482913",
    );
    expect(renderEmail("recovery_code_valid", "en", model).subject).toBe(
      "Your account has moved: your code 482913",
    );
    expect(renderEmail("recovery_code_valid", "de", model).text).toContain("\n\n482913\n\n");
  });

  it.each(locales)("links to the User migration screen, then shows the code (%s)", (locale) => {
    const url = "https://shop.example/migration?flow=3d2&x=<1>";
    const model = { code: "482913", expiresInMinutes: 10, migration: true, migrationUrl: url };
    const email = renderEmail("recovery_code_valid", locale, model);
    expect(email.text).toContain(`\n\n${url}\n\n482913\n\n`);
    expect(email.html).toContain('href="https://shop.example/migration?flow=3d2&amp;x=&lt;1&gt;"');
    expect(email.html).toContain(
      locale === "de" ? "Neues Passwort festlegen" : "Set a new password",
    );
    expect(email.text).toContain(
      locale === "de" ? "Falls du das nicht warst" : "If this wasn't you",
    );
  });

  it("speaks German with du, never Sie", () => {
    for (const [type, model] of [
      ["newsletter_confirmation", { confirmation_url: "https://shop.example/c" }],
      ["account_deleted", {}],
      ["recovery_code_valid", { code: "1", expiresInMinutes: 10, migration: true }],
    ] as const) {
      const { subject, text } = renderEmail(type, "de", model as never);
      expect(`${subject}\n${text}`).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
      expect(text).toMatch(/\b(du|dein|deine|deines|dich|dir)\b/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { type EmailLocale, renderEmail } from "./index.ts";

const locales: EmailLocale[] = ["de", "en"];

describe("sign-in and sign-up code emails", () => {
  for (const templateType of ["login_code_valid", "registration_code_valid"] as const) {
    for (const locale of locales) {
      it(`${templateType}/${locale} shows the code and its lifetime`, () => {
        const email = renderEmail(templateType, locale, { code: "482913", expiresInMinutes: 10 });
        expect(email.subject).toContain("482913");
        expect(email.text).toContain("\n\n482913\n\n");
        expect(email.text).toContain(locale === "de" ? "10 Minuten" : "10 minutes");
        expect(email.html).toContain(`<html lang="${locale}">`);
        if (locale === "de") expect(email.text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
      });
    }
  }
});

describe("link emails", () => {
  const url = "https://shop.example/self-service/recovery?flow=abc&token=XYZ";
  for (const templateType of ["recovery_valid", "verification_valid"] as const) {
    for (const locale of locales) {
      it(`${templateType}/${locale} carries the link as a button and as text`, () => {
        const email = renderEmail(templateType, locale, { url, expiresInMinutes: 60 });
        expect(email.text).toContain(`\n\n${url}\n\n`);
        expect(email.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
        expect(email.text).toContain(locale === "de" ? "60 Minuten" : "60 minutes");
        if (locale === "de") expect(email.text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
      });
    }
  }

  it("escapes a hostile link in the HTML body", () => {
    const email = renderEmail("verification_valid", "en", {
      url: `https://x/"><script>`,
      expiresInMinutes: 60,
    });
    expect(email.html).not.toContain("<script>");
  });
});

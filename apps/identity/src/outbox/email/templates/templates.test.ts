import { describe, expect, it } from "vitest";
import { CourierError } from "../../errors.ts";
import { escapeHtml, html } from "./html.ts";
import { type EmailLocale, renderEmail, type TemplateType } from "./index.ts";
import { formatMinutes } from "./template.ts";

const model = { code: "482913", expiresInMinutes: 10 };
const types: TemplateType[] = ["verification_code_valid", "recovery_code_valid"];
const locales: EmailLocale[] = ["de", "en"];

describe("email templates", () => {
  for (const templateType of types) {
    for (const locale of locales) {
      it(`${templateType}/${locale} shows the code, its lifetime and the ignore note`, () => {
        const email = renderEmail(templateType, locale, model);
        const minutes = locale === "de" ? "10 Minuten" : "10 minutes";
        const ignore =
          locale === "de" ? "kannst du diese E-Mail einfach ignorieren" : "ignore this email";

        expect(email.subject).toContain("482913");
        expect(email.text).toContain("\n\n482913\n\n");
        expect(email.text).toContain(minutes);
        expect(email.text).toContain(ignore);
        expect(email.text).toContain("Moos");
        expect(email.html).toContain(">482913</p>");
        expect(email.html).toContain(minutes);
        expect(email.html).toContain(`<html lang="${locale}">`);
      });
    }
  }

  it("speaks German with du, never Sie", () => {
    for (const templateType of types) {
      const { subject, text } = renderEmail(templateType, "de", model);
      expect(`${subject}\n${text}`).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
      expect(text).toMatch(/\b(du|dein|deine|deines)\b/);
    }
    expect(renderEmail("verification_code_valid", "de", model).text).toContain("Bestätigungscode");
  });

  it("escapes model values in the HTML body and keeps them as they are in the text body", () => {
    const hostile = { code: `<img src=x onerror="alert(1)">&'`, expiresInMinutes: 10 };
    const email = renderEmail("recovery_code_valid", "en", hostile);

    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
    expect(email.html).not.toContain("<img");
    expect(email.text).toContain(hostile.code);
  });

  it("keeps the subject on one line", () => {
    const email = renderEmail("verification_code_valid", "en", {
      code: "12\r\nBcc: someone@example.com",
      expiresInMinutes: 10,
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it("writes one minute in the singular", () => {
    expect(formatMinutes("de", 1)).toBe("1 Minute");
    expect(formatMinutes("en", 1)).toBe("1 minute");
    expect(formatMinutes("de", 15)).toBe("15 Minuten");
  });

  it("refuses a locale it has no template for", () => {
    const locale = "fr" as EmailLocale;
    expect(() => renderEmail("verification_code_valid", locale, model)).toThrow(CourierError);
  });
});

describe("html", () => {
  it("escapes interpolated text but not nested html", () => {
    const inner = html`<b>${"a&b"}</b>`;
    expect(html`<p>${inner}${"<i>"}${["<", html`<br>`]}</p>`.value).toBe(
      "<p><b>a&amp;b</b>&lt;i&gt;&lt;<br></p>",
    );
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });
});

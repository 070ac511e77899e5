import { createTranslator, type IntlError } from "next-intl";
import { describe, expect, it } from "vitest";
import deSocial from "../../../messages/de/social.json";
import enSocial from "../../../messages/en/social.json";
import { OIDC_ERRORS, oidcErrorOf, socialErrorText } from "./social-error";

const social = { de: deSocial, en: enSocial };

function translator(locale: "de" | "en", errors: IntlError[]) {
  return createTranslator({
    locale,
    messages: { social: social[locale] },
    namespace: "social",
    onError: (error) => errors.push(error),
  });
}

const failure = (oidc_error: string, provider?: string) => ({
  id: 4000001,
  type: "error" as const,
  text: "Signing in with Google did not work. ...",
  context: { reason: "...", oidc_error, ...(provider ? { provider } : {}) },
});

describe("social sign-in errors", () => {
  it("have a German and an English text for every code, with and without a provider", () => {
    for (const locale of ["de", "en"] as const) {
      const errors: IntlError[] = [];
      const t = translator(locale, errors);
      expect(Object.keys(social[locale].errors).sort(), locale).toEqual([...OIDC_ERRORS].sort());
      for (const code of OIDC_ERRORS) {
        const withProvider = socialErrorText(failure(code, "Google"), t);
        const without = socialErrorText(failure(code), t);
        expect(withProvider, `${locale} ${code}`).toBeTruthy();
        expect(without, `${locale} ${code}`).not.toContain("none");
        expect(without, `${locale} ${code}`).not.toContain("{");
      }
      expect(errors, locale).toEqual([]);
    }
  });

  it("name the provider when the identity service does", () => {
    const t = translator("de", []);
    expect(socialErrorText(failure("provider_error", "Facebook"), t)).toBe(
      "Die Anmeldung bei Facebook wurde abgebrochen oder hat nicht geklappt. Versuche es bitte noch einmal oder melde dich anders an.",
    );
    expect(socialErrorText(failure("provider_error"), t)).toMatch(
      /^Die Anmeldung beim Anbieter wurde/,
    );
    const en = translator("en", []);
    expect(socialErrorText(failure("state_invalid"), en)).toBe(
      "This login wasn't started here, has expired or was already used. Please start again.",
    );
  });

  it("leave other messages, unknown codes and 4000001 without a code to the Kratos texts", () => {
    const t = translator("de", []);
    expect(socialErrorText({ id: 4000006, type: "error", text: "x" }, t)).toBeUndefined();
    expect(socialErrorText(failure("something_new"), t)).toBeUndefined();
    expect(oidcErrorOf({ id: 4000001, type: "error", text: "x", context: {} })).toBeUndefined();
    expect(oidcErrorOf(failure("state_missing"))).toBe("state_missing");
  });

  it("speak German with du, without exclamation marks, one bitte per sentence", () => {
    for (const text of Object.values(deSocial.errors)) {
      expect(text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren|Ihnen)\b/);
      expect(text).not.toContain("!");
      for (const sentence of text.split(/[.?:]\s/)) {
        expect((sentence.match(/\bbitte\b/gi) ?? []).length, sentence).toBeLessThanOrEqual(1);
      }
    }
  });
});

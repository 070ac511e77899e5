import { createTranslator, type IntlError } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import deKratos from "../../messages/de/kratos.json";
import enKratos from "../../messages/en/kratos.json";
import { formatUiText, type Translator, type UiLocale } from "./format-ui-text";

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0); // 22.11.2026, 10:00 in Berlin
const nowSeconds = NOW / 1000;
const kratos = { de: deKratos, en: enKratos };

function translators(locale: UiLocale, errors: IntlError[] = []) {
  const onError = (error: IntlError): void => {
    errors.push(error);
  };
  return {
    kratos: createTranslator({
      locale,
      messages: { kratos: kratos[locale] },
      namespace: "kratos",
      onError,
    }),
    root: createTranslator({ locale, messages: { kratos: kratos[locale] }, onError }),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("formatUiText", () => {
  it("looks the id up in the kratos namespace, with a namespaced or a root translator", () => {
    const uiText = {
      id: 4000006,
      text: "The provided credentials are invalid, ...",
      type: "error",
    };
    const { kratos: t, root } = translators("de");
    const expected =
      "E-Mail-Adresse oder Passwort stimmen nicht. Prüfe bitte deine Eingaben und versuche es noch einmal.";
    expect(formatUiText(uiText, t, "de")).toBe(expected);
    expect(formatUiText(uiText, root, "de")).toBe(expected);
    expect(formatUiText(uiText, translators("en").kratos, "en")).toBe(
      "The email address or password isn’t right. Please check them and try again.",
    );
  });

  it("falls back to the server's text for an unknown id", () => {
    const errors: IntlError[] = [];
    const { kratos: t } = translators("de", errors);
    expect(formatUiText({ id: 4999999, text: "Something new from Kratos." }, t, "de")).toBe(
      "Something new from Kratos.",
    );
    expect(errors).toEqual([]);
  });

  it("falls back to the server's text when the context lacks a value the text needs", () => {
    const errors: IntlError[] = [];
    const { kratos: t } = translators("de", errors);
    const uiText = {
      id: 4010001,
      text: "The login flow expired 1.00 minutes ago, please try again.",
    };
    expect(formatUiText(uiText, t, "de")).toBe(uiText.text);
    expect(formatUiText({ ...uiText, context: { expired_at: "2026-11-22" } }, t, "de")).toBe(
      uiText.text,
    );
    expect(errors).toEqual([]);
  });

  it("shows the generic reason for ids without a meaning of their own", () => {
    const { kratos: t } = translators("de");
    for (const id of [4000001, 4010002, 4010003, 4010004, 4010005, 4010006, 4010007, 5000001]) {
      expect(formatUiText({ id, text: "{reason}", context: { reason: "boom" } }, t, "de")).toBe(
        "Etwas ist schiefgelaufen. Versuche es bitte später noch einmal.",
      );
    }
  });

  it("fills numbers in the locale's format and plural", () => {
    const context = { actual_length: 3, min_length: 10000 };
    expect(formatUiText({ id: 4000003, text: "", context }, translators("de").kratos, "de")).toBe(
      "Gib bitte mindestens 10.000 Zeichen ein.",
    );
    expect(
      formatUiText(
        { id: 4000032, text: "", context: { min_length: 1 } },
        translators("en").kratos,
        "en",
      ),
    ).toBe("Your password needs at least 1 character.");
    expect(
      formatUiText(
        { id: 4000032, text: "", context: { min_length: 8 } },
        translators("en").kratos,
        "en",
      ),
    ).toBe("Your password needs at least 8 characters.");
  });

  describe("unix times", () => {
    it("shows minutes until a privileged session ends (1060001)", () => {
      const context = { privileged_session_expires_at_unix: nowSeconds + 5 * 60 };
      expect(formatUiText({ id: 1060001, text: "", context }, translators("de").kratos, "de")).toBe(
        "Du hast wieder Zugriff auf dein Konto. Lege bitte ein neues Passwort fest oder richte eine andere Anmeldung ein. Diese Sitzung endet in 5 Minuten.",
      );
      expect(formatUiText({ id: 1060001, text: "", context }, translators("en").kratos, "en")).toBe(
        "You’re back in your account. Please set a new password or add another way to log in. This session ends in 5 minutes.",
      );
    });

    it("shows minutes since a flow expired", () => {
      const context = { expired_at: "…", expired_at_unix: nowSeconds - 3 * 60 - 10 };
      expect(formatUiText({ id: 4010001, text: "", context }, translators("de").kratos, "de")).toBe(
        "Die Zeit für die Anmeldung ist vor 3 Minuten abgelaufen. Versuche es bitte noch einmal.",
      );
      expect(formatUiText({ id: 4040001, text: "", context }, translators("en").kratos, "en")).toBe(
        "Your time to sign up ran out 3 minutes ago. Please try again.",
      );
    });

    it("never says 0 minutes and switches to hours and days for long distances", () => {
      const { kratos: t } = translators("de");
      const text = (seconds: number): string =>
        formatUiText(
          { id: 4070005, text: "", context: { expired_at_unix: nowSeconds + seconds } },
          t,
          "de",
        );
      expect(text(-5)).toContain("vor 1 Minute abgelaufen");
      expect(text(-3 * 3600)).toContain("vor 3 Stunden abgelaufen");
      expect(text(-4 * 86400)).toContain("vor 4 Tagen abgelaufen");
    });

    it("shows other times as a date in the shop's time zone", () => {
      // 2026-11-21 23:30 UTC is already 22.11. in Berlin.
      const context = { used_at_unix: Date.UTC(2026, 10, 21, 23, 30) / 1000 };
      expect(formatUiText({ id: 1050014, text: "", context }, translators("de").kratos, "de")).toBe(
        "Verwendet am 22.11.2026",
      );
      expect(formatUiText({ id: 1050014, text: "", context }, translators("en").kratos, "en")).toBe(
        "Used on 22 November 2026",
      );
    });
  });

  describe("lists", () => {
    it("joins lists, capitalises providers and names credential types", () => {
      const context = {
        available_credential_types: ["password", "oidc"],
        available_oidc_providers: ["google", "apple", "facebook"],
        credential_identifier_hint: "anna@example.de",
      };
      expect(formatUiText({ id: 4000028, text: "", context }, translators("de").kratos, "de")).toBe(
        "anna@example.de gehört schon zu einem anderen Konto. Melde dich dort bitte mit deinem Passwort, Google, Apple oder Facebook an.",
      );
      expect(formatUiText({ id: 4000028, text: "", context }, translators("en").kratos, "en")).toBe(
        "anna@example.de already belongs to another account. Please log in to it with your password, Google, Apple or Facebook.",
      );
    });

    it("names social login when Kratos does not list the providers", () => {
      const context = {
        available_credential_types: ["code", "oidc"],
        available_oidc_providers: [],
        credential_identifier_hint: "anna@example.de",
      };
      expect(
        formatUiText({ id: 4000028, text: "", context }, translators("de").kratos, "de"),
      ).toContain("mit einem Code per E-Mail oder Social Login an.");
    });

    it("joins other lists as alternatives or additions", () => {
      const context = { actual_type: "number", allowed_types: ["string", "boolean"] };
      expect(formatUiText({ id: 4000026, text: "", context }, translators("de").kratos, "de")).toBe(
        "Dieser Wert hat nicht das erwartete Format (string oder boolean). Prüfe bitte deine Eingabe.",
      );
    });

    it("treats an empty list as missing and falls back", () => {
      const uiText = {
        id: 4000026,
        text: "expected , but got number",
        context: { allowed_types: [] },
      };
      expect(formatUiText(uiText, translators("de").kratos, "de")).toBe(uiText.text);
    });

    it("formats nested messages inside a list", () => {
      const context = {
        secrets: [
          { id: 1050009, text: "abc", type: "info", context: { secret: "abc" } },
          { id: 1050009, text: "def", type: "info", context: { secret: "def" } },
        ],
      };
      expect(formatUiText({ id: 1050015, text: "", context }, translators("de").kratos, "de")).toBe(
        "abc und def",
      );
    });
  });

  it("capitalises a provider name", () => {
    const uiText = {
      id: 1010002,
      text: "",
      context: { provider: "google", provider_id: "google" },
    };
    expect(formatUiText(uiText, translators("de").kratos, "de")).toBe("Weiter mit Google");
    expect(formatUiText(uiText, translators("en").kratos, "en")).toBe("Continue with Google");
  });

  it("accepts next-intl's translators as Translator", () => {
    const typed: Translator = translators("de").kratos;
    const untyped: Translator = createTranslator({
      locale: "de",
      messages: {} as Record<string, string>,
    });
    expect(typeof typed).toBe("function");
    expect(typeof untyped).toBe("function");
  });
});

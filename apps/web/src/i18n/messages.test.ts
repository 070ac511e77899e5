import { messageCatalogue, messageIds } from "@moos/contract";
import { createTranslator, type IntlError } from "next-intl";
import { describe, expect, it } from "vitest";
import deCommon from "../../messages/de/common.json";
import deKratos from "../../messages/de/kratos.json";
import deSocial from "../../messages/de/social.json";
import deValidation from "../../messages/de/validation.json";
import enCommon from "../../messages/en/common.json";
import enKratos from "../../messages/en/kratos.json";
import enSocial from "../../messages/en/social.json";
import enValidation from "../../messages/en/validation.json";
import kratosMessages from "./fixtures/kratos-messages.json";
import moosMessages from "./fixtures/moos-messages.json";
import { formatUiText, type UiLocale } from "./format-ui-text";
import { icuPlaceholders } from "./icu-placeholders";

// fixtures/kratos-messages.json is Ory's published list of messages with a sample context
// for each (github.com/ory/docs, docs/kratos/concepts/ui-messages): it tells which values
// Kratos sends along with each id. fixtures/moos-messages.json does the same for our own ids
// (1905xxx, 4905xxx: the identity service's safe email change; 4900002: a throwaway address).
const contexts = new Map<number, Record<string, unknown>>(
  [...kratosMessages, ...moosMessages].map((message): [number, Record<string, unknown>] => [
    message.id,
    ("context" in message ? message.context : undefined) ?? {},
  ]),
);

const kratos: Record<UiLocale, Record<string, string>> = { de: deKratos, en: enKratos };
const GENERIC_DE = "Etwas ist schiefgelaufen. Versuche es bitte später noch einmal.";

// Ids SPEC.md §8 and the issue name as having nothing of their own to say to a customer.
const GENERIC_IDS = [
  4000001, 4000009, 4010002, 4010003, 4010004, 4010005, 4010006, 4010007, 4040002, 4060001, 4060002,
  4070002, 4070003, 5000001,
];

function keysOf(messages: object, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function leaves(messages: object): string[] {
  return Object.values(messages).flatMap((value) =>
    typeof value === "string" ? [value] : leaves(value as object),
  );
}

describe("kratos messages", () => {
  it("have a German and an English text for every id in the catalogue, and no others", () => {
    const ids = messageIds.map(String).sort();
    for (const locale of ["de", "en"] as const) {
      expect(Object.keys(kratos[locale]).sort(), locale).toEqual(ids);
      for (const id of ids) expect(kratos[locale][id]?.trim(), `${locale} ${id}`).toBeTruthy();
    }
  });

  it("use in both languages the same placeholders, all of them context values Kratos sends", () => {
    for (const id of messageIds) {
      const context = contexts.get(id) ?? {};
      const de = icuPlaceholders(kratos.de[id] ?? "");
      const en = icuPlaceholders(kratos.en[id] ?? "");
      expect([...en].sort(), String(id)).toEqual([...de].sort());
      for (const name of de) expect(Object.keys(context), `${id} {${name}}`).toContain(name);
    }
  });

  it("format with Kratos's sample context in both languages without an error", () => {
    for (const locale of ["de", "en"] as const) {
      const errors: IntlError[] = [];
      const t = createTranslator({
        locale,
        messages: { kratos: kratos[locale] },
        namespace: "kratos",
        onError: (error) => errors.push(error),
      });
      for (const id of messageIds) {
        const serverText = `server text of ${id}`;
        const formatted = formatUiText(
          { id, text: serverText, context: contexts.get(id) },
          t,
          locale,
        );
        expect(formatted, `${locale} ${id} fell back`).not.toBe(serverText);
        expect(formatted.trim(), `${locale} ${id}`).not.toBe("");
      }
      expect(errors, locale).toEqual([]);
    }
  });

  it("show the generic reason only for ids without a meaning of their own", () => {
    for (const id of messageIds) {
      expect(kratos.de[id] === GENERIC_DE, String(id)).toBe(GENERIC_IDS.includes(id));
    }
    expect(deCommon.genericError).toBe(GENERIC_DE);
    expect(enKratos["5000001"]).toBe(enCommon.genericError);
  });

  it("keep SPEC.md's exact German texts", () => {
    expect(deKratos["4000040"]).toBe("Gib bitte eine gültige E-Mail Adresse ein");
    expect(deValidation.emailInvalid).toBe(deKratos["4000040"]);
  });

  it("speak German with du, without exclamation marks in errors and one bitte per sentence", () => {
    for (const text of [
      ...leaves(deKratos),
      ...leaves(deCommon),
      ...leaves(deValidation),
      ...leaves(deSocial),
    ]) {
      expect(text, text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihnen)\b/);
      for (const sentence of text.split(/[.?:]\s/)) {
        expect((sentence.match(/\bbitte\b/gi) ?? []).length, sentence).toBeLessThanOrEqual(1);
      }
    }
    for (const id of messageIds) {
      if (messageCatalogue[id].type === "error")
        expect(kratos.de[id], String(id)).not.toContain("!");
    }
  });
});

describe("message files", () => {
  it("have the same keys in German and English", () => {
    expect(keysOf(enCommon).sort()).toEqual(keysOf(deCommon).sort());
    expect(keysOf(enValidation).sort()).toEqual(keysOf(deValidation).sort());
    expect(keysOf(enSocial).sort()).toEqual(keysOf(deSocial).sort());
  });

  it("have the texts the spec and the other screens rely on", () => {
    for (const key of [
      "tryAgainSomethingWentWrong",
      "reload",
      "showPassword",
      "hidePassword",
      "close",
      "genericError",
      "startFlowError",
      "networkError",
      "timeout",
      "canceled",
      "rateLimited",
      "flowExpired",
    ]) {
      expect(keysOf(deCommon), key).toContain(key);
    }
    expect(enCommon.close).toBe("Close");
    expect(deCommon.close).toBe("Schließen");
  });
});

// The two languages the journeys run in. Every text a spec asserts comes from the web app's own
// translation files, so a wrong or missing text fails the spec, and one spec serves both
// languages. The English files are typed as the German ones: a key missing in English does not
// compile (`tsc -p e2e`).

import deAccessibility from "../../apps/web/messages/de/accessibility.json" with { type: "json" };
import deAccountDelete from "../../apps/web/messages/de/accountDelete.json" with { type: "json" };
import deCommon from "../../apps/web/messages/de/common.json" with { type: "json" };
import deError from "../../apps/web/messages/de/error.json" with { type: "json" };
import deKratos from "../../apps/web/messages/de/kratos.json" with { type: "json" };
import deLoading from "../../apps/web/messages/de/loading.json" with { type: "json" };
import deLogin from "../../apps/web/messages/de/login.json" with { type: "json" };
import deMigration from "../../apps/web/messages/de/migration.json" with { type: "json" };
import deNewsletter from "../../apps/web/messages/de/newsletter.json" with { type: "json" };
import deNotFound from "../../apps/web/messages/de/notFound.json" with { type: "json" };
import deOAuth2 from "../../apps/web/messages/de/oauth2.json" with { type: "json" };
import dePasskeyOffer from "../../apps/web/messages/de/passkeyOffer.json" with { type: "json" };
import deRecovery from "../../apps/web/messages/de/recovery.json" with { type: "json" };
import deRegistration from "../../apps/web/messages/de/registration.json" with { type: "json" };
import deSecurity from "../../apps/web/messages/de/security.json" with { type: "json" };
import deSettings from "../../apps/web/messages/de/settings.json" with { type: "json" };
import deSocial from "../../apps/web/messages/de/social.json" with { type: "json" };
import deSplash from "../../apps/web/messages/de/splash.json" with { type: "json" };
import deTwoFactor from "../../apps/web/messages/de/twoFactor.json" with { type: "json" };
import deValidation from "../../apps/web/messages/de/validation.json" with { type: "json" };
import deVerification from "../../apps/web/messages/de/verification.json" with { type: "json" };
import enAccessibility from "../../apps/web/messages/en/accessibility.json" with { type: "json" };
import enAccountDelete from "../../apps/web/messages/en/accountDelete.json" with { type: "json" };
import enCommon from "../../apps/web/messages/en/common.json" with { type: "json" };
import enError from "../../apps/web/messages/en/error.json" with { type: "json" };
import enKratos from "../../apps/web/messages/en/kratos.json" with { type: "json" };
import enLoading from "../../apps/web/messages/en/loading.json" with { type: "json" };
import enLogin from "../../apps/web/messages/en/login.json" with { type: "json" };
import enMigration from "../../apps/web/messages/en/migration.json" with { type: "json" };
import enNewsletter from "../../apps/web/messages/en/newsletter.json" with { type: "json" };
import enNotFound from "../../apps/web/messages/en/notFound.json" with { type: "json" };
import enOAuth2 from "../../apps/web/messages/en/oauth2.json" with { type: "json" };
import enPasskeyOffer from "../../apps/web/messages/en/passkeyOffer.json" with { type: "json" };
import enRecovery from "../../apps/web/messages/en/recovery.json" with { type: "json" };
import enRegistration from "../../apps/web/messages/en/registration.json" with { type: "json" };
import enSecurity from "../../apps/web/messages/en/security.json" with { type: "json" };
import enSettings from "../../apps/web/messages/en/settings.json" with { type: "json" };
import enSocial from "../../apps/web/messages/en/social.json" with { type: "json" };
import enSplash from "../../apps/web/messages/en/splash.json" with { type: "json" };
import enTwoFactor from "../../apps/web/messages/en/twoFactor.json" with { type: "json" };
import enValidation from "../../apps/web/messages/en/validation.json" with { type: "json" };
import enVerification from "../../apps/web/messages/en/verification.json" with { type: "json" };
import { serviceSet } from "./services/service-set.ts";

/** This worker's web app (see services/service-set.ts). */
export function baseUrl(): string {
  return serviceSet().webUrl;
}

const de = {
  accessibility: deAccessibility,
  accountDelete: deAccountDelete,
  common: deCommon,
  error: deError,
  kratos: deKratos,
  loading: deLoading,
  login: deLogin,
  migration: deMigration,
  newsletter: deNewsletter,
  notFound: deNotFound,
  oauth2: deOAuth2,
  passkeyOffer: dePasskeyOffer,
  recovery: deRecovery,
  registration: deRegistration,
  security: deSecurity,
  settings: deSettings,
  social: deSocial,
  splash: deSplash,
  twoFactor: deTwoFactor,
  validation: deValidation,
  verification: deVerification,
};

export type Texts = typeof de;
/** A Kratos message id with a text of its own (kratos.json). */
export type KratosId = keyof Texts["kratos"];

const en: Texts = {
  accessibility: enAccessibility,
  accountDelete: enAccountDelete,
  common: enCommon,
  error: enError,
  kratos: enKratos,
  loading: enLoading,
  login: enLogin,
  migration: enMigration,
  newsletter: enNewsletter,
  notFound: enNotFound,
  oauth2: enOAuth2,
  passkeyOffer: enPasskeyOffer,
  recovery: enRecovery,
  registration: enRegistration,
  security: enSecurity,
  settings: enSettings,
  social: enSocial,
  splash: enSplash,
  twoFactor: enTwoFactor,
  validation: enValidation,
  verification: enVerification,
};

export interface Language {
  readonly code: "de" | "en";
  /** The path prefix: none for German (the default), `/en` for English. */
  readonly prefix: "" | "/en";
  readonly t: Texts;
  /**
   * The subjects of the identity service's emails (its templates, not the web app's texts):
   * they show that the email came in the language the customer chose.
   */
  readonly emailSubjects: {
    readonly verification: RegExp;
    readonly recovery: RegExp;
    readonly newsletter: RegExp;
    readonly accountDeleted: RegExp;
    readonly migration: RegExp;
    /** Security notices (docs/account-safety.md#security-notices). */
    readonly newLogin: RegExp;
    readonly passwordChanged: RegExp;
    readonly emailChangeCode: RegExp;
    readonly emailChangeRequested: RegExp;
    readonly emailChangeCompleted: RegExp;
  };
}

export const german: Language = {
  code: "de",
  prefix: "",
  t: de,
  emailSubjects: {
    verification: /^Dein Bestätigungscode/,
    recovery: /^Dein Code zum Zurücksetzen/,
    newsletter: /^Bitte bestätige deine Newsletter-Anmeldung/,
    accountDeleted: /^Dein Moos-Konto ist gelöscht/,
    migration: /^Dein Kundenkonto ist umgezogen/,
    newLogin: /^Neue Anmeldung bei deinem Moos-Konto$/,
    passwordChanged: /^Dein Moos-Passwort wurde geändert$/,
    emailChangeCode: /^Dein Code für deine neue E-Mail-Adresse/,
    emailChangeRequested: /^Deine E-Mail-Adresse bei Moos soll geändert werden$/,
    emailChangeCompleted: /^Die E-Mail-Adresse deines Moos-Kontos wurde geändert$/,
  },
};

export const english: Language = {
  code: "en",
  prefix: "/en",
  t: en,
  emailSubjects: {
    verification: /^Your Moos verification code/,
    recovery: /^Your code to reset/,
    newsletter: /^Please confirm your newsletter subscription/,
    accountDeleted: /^Your Moos account has been deleted/,
    migration: /^Your account has moved/,
    newLogin: /^New login to your Moos account$/,
    passwordChanged: /^Your Moos password was changed$/,
    emailChangeCode: /^Your code for your new email address/,
    emailChangeRequested: /^Someone wants to change your email address at Moos$/,
    emailChangeCompleted: /^The email address of your Moos account was changed$/,
  },
};

export const languages: readonly Language[] = [german, english];

/** `/login` in the language: `/login` (German) or `/en/login`; `/` is `/en` in English. */
/** A rich text's words as the page shows them: `<terms>AGB</terms>` -> `AGB`. */
export function plainText(rich: string): string {
  return rich.replace(/<\/?[a-z]+>/g, "");
}

/** A rich text's tagged words by tag: `<terms>AGB</terms>` -> `{ terms: "AGB" }`. */
export function richTags(rich: string): Record<string, string> {
  return Object.fromEntries(
    [...rich.matchAll(/<([a-z]+)>([^<]*)<\/\1>/g)].map((match) => [match[1], match[2]]),
  );
}

export function localizedPath(lang: Language, path: string): string {
  if (path === "/") return lang.prefix || "/";
  return `${lang.prefix}${path}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The full URL of a screen, as a pattern: `options.flow` requires a `flow` query parameter
 * (a UUID), `options.query` more parameters with exact values; other parameters may follow.
 */
export function screenUrl(
  lang: Language,
  path: string,
  options: { flow?: boolean; query?: Readonly<Record<string, string>> } = {},
): RegExp {
  const checks = [
    options.flow ? "(?=(?:.*&)?flow=[0-9a-f-]{36}(?:&|$))" : "",
    ...Object.entries(options.query ?? {}).map(
      ([name, value]) =>
        `(?=(?:.*&)?${escapeRegExp(name)}=${escapeRegExp(encodeURIComponent(value))}(?:&|$))`,
    ),
  ].join("");
  const query = checks ? `\\?${checks}.*` : "(?:\\?.*)?";
  return new RegExp(`^${escapeRegExp(baseUrl() + localizedPath(lang, path))}${query}$`);
}

/**
 * Fills an ICU message's `{name}` placeholders and `{name, select, key {…} other {…}}` choices
 * (no plurals, no number or date formats).
 */
export function format(template: string, values: Readonly<Record<string, string>>): string {
  let text = "";
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf("{", index);
    if (open < 0) return text + template.slice(index);
    const close = closingBrace(template, open);
    text += template.slice(index, open);
    const inner = template.slice(open + 1, close);
    const select = /^\s*(\w+)\s*,\s*select\s*,([\s\S]*)$/.exec(inner);
    if (select) {
      const options = selectOptions(select[2] ?? "");
      const chosen = options[values[select[1] ?? ""] ?? ""] ?? options.other ?? "";
      text += format(chosen, values);
    } else {
      text += values[inner.trim()] ?? `{${inner}}`;
    }
    index = close + 1;
  }
  return text;
}

function closingBrace(template: string, open: number): number {
  let depth = 0;
  for (let index = open; index < template.length; index += 1) {
    if (template[index] === "{") depth += 1;
    if (template[index] === "}") depth -= 1;
    if (depth === 0) return index;
  }
  throw new Error(`unbalanced braces in "${template}"`);
}

/** `none {a} other {b}` -> { none: "a", other: "b" }. */
function selectOptions(body: string): Record<string, string> {
  const options: Record<string, string> = {};
  let index = 0;
  while (index < body.length) {
    const key = /^\s*(\w+)\s*\{/.exec(body.slice(index));
    if (!key?.[1]) break;
    const open = index + key[0].length - 1;
    const close = closingBrace(body, open);
    options[key[1]] = body.slice(open + 1, close);
    index = close + 1;
  }
  return options;
}

/**
 * A message whose placeholders are formatted by the app (dates, "in 15 Minuten"): its fixed
 * words must appear exactly, each placeholder as some text.
 */
export function messagePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map(escapeRegExp);
  return new RegExp(`^${parts.join(".+?")}$`);
}

import { icuPlaceholders } from "./icu-placeholders";
import { timeZone } from "./routing";

/** A message as Kratos sends it on a flow, a node or an error (ui.messages, node.messages). */
export type UiText = { id: number; text: string; context?: object };

export type UiLocale = "de" | "en";

type TranslationValues = Record<string, string | number>;

// Methods compare bivariantly, so next-intl's own translators fit here both with plain string
// keys and with the literal key unions next-intl infers once the messages are declared as
// types (`useTranslations("kratos")`, `getTranslations()`, `createTranslator(...)`).
interface TranslatorMethods {
  translate(key: string, values?: TranslationValues): string;
  has(key: string): boolean;
  raw(key: string): unknown;
}

/** A next-intl translator, either for the `kratos` namespace or for all namespaces. */
export type Translator = TranslatorMethods["translate"] & Pick<TranslatorMethods, "has" | "raw">;

const intlLocales: Record<UiLocale, string> = { de: "de-DE", en: "en-GB" };

/**
 * The text for a Kratos message: our translation for its id (`kratos.<id>`) with the context
 * values filled in, or the server's own text when there is no translation or the context lacks
 * a value the translation needs.
 *
 * Context values are formatted first: arrays become a list ("Google, Apple oder Facebook"),
 * `*_unix` times a date ("22.11.2026") or, for expiry times, the distance from now ("in
 * 5 Minuten", "vor 3 Minuten"), provider names are capitalised.
 */
export function formatUiText(uiText: UiText, t: Translator, locale: UiLocale): string {
  const key = findKey(t, uiText.id);
  if (key === undefined) return uiText.text;
  const message = t.raw(key);
  if (typeof message !== "string") return uiText.text;
  const values = formatContext(uiText.context, t, locale);
  for (const name of icuPlaceholders(message)) {
    if (!Object.hasOwn(values, name)) return uiText.text;
  }
  return t(key, values);
}

function findKey(t: Translator, id: number): string | undefined {
  return [String(id), `kratos.${id}`].find((key) => t.has(key));
}

function formatContext(
  context: object | undefined,
  t: Translator,
  locale: UiLocale,
): TranslationValues {
  const values: TranslationValues = {};
  if (!context) return values;
  const fields = context as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    const formatted = formatValue(key, value, fields, t, locale);
    if (formatted !== undefined) values[key] = formatted;
  }
  return values;
}

function formatValue(
  key: string,
  value: unknown,
  context: Record<string, unknown>,
  t: Translator,
  locale: UiLocale,
): string | number | undefined {
  if (typeof value === "number") {
    return key.endsWith("_unix") ? formatUnixTime(key, value, locale) : value;
  }
  if (typeof value === "string") return isProviderKey(key) ? capitalise(value) : value;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return formatList(key, value, context, t, locale);
  if (isUiText(value)) return formatUiText(value, t, locale);
  return undefined;
}

// --- lists ---------------------------------------------------------------------------------

function formatList(
  key: string,
  items: readonly unknown[],
  context: Record<string, unknown>,
  t: Translator,
  locale: UiLocale,
): string | undefined {
  const texts =
    key === "available_credential_types"
      ? credentialTypeNames(items, context, locale)
      : items.flatMap((item) => listItemText(key, item, t, locale));
  // An empty list would leave a hole in the sentence: treat it as missing, so the server's
  // text is shown instead.
  if (texts.length === 0) return undefined;
  // Available or allowed things are alternatives ("Google oder Apple"); others add up.
  const type = /^(available|allowed)_/.test(key) ? "disjunction" : "conjunction";
  return new Intl.ListFormat(intlLocales[locale], { type, style: "long" }).format(texts);
}

function listItemText(key: string, item: unknown, t: Translator, locale: UiLocale): string[] {
  if (typeof item === "string") return [isProviderKey(key) ? capitalise(item) : item];
  if (typeof item === "number") return [new Intl.NumberFormat(intlLocales[locale]).format(item)];
  if (isUiText(item)) return [formatUiText(item, t, locale)];
  return [];
}

// Phrased to follow "mit" / "with" in a sentence ("Melde dich mit deinem Passwort an").
const credentialTypes: Record<UiLocale, Record<string, string>> = {
  de: {
    password: "deinem Passwort",
    oidc: "Social Login",
    code: "einem Code per E-Mail",
    passkey: "einem Passkey",
    webauthn: "einem Sicherheitsschlüssel",
    totp: "einer Authenticator-App",
    lookup_secret: "einem Backup-Code",
    saml: "Single Sign-on",
  },
  en: {
    password: "your password",
    oidc: "social login",
    code: "a code by email",
    passkey: "a passkey",
    webauthn: "a security key",
    totp: "an authenticator app",
    lookup_secret: "a backup code",
    saml: "single sign-on",
  },
};

// "oidc" means "one of the social providers": when Kratos names them, the list shows them
// ("deinem Passwort, Google oder Apple") instead of the abstract "Social Login".
function credentialTypeNames(
  items: readonly unknown[],
  context: Record<string, unknown>,
  locale: UiLocale,
): string[] {
  const providers = Array.isArray(context.available_oidc_providers)
    ? context.available_oidc_providers.filter((p): p is string => typeof p === "string")
    : [];
  return items.flatMap((item): string[] => {
    if (typeof item !== "string") return [];
    if (item === "oidc" && providers.length > 0) return providers.map(capitalise);
    return [credentialTypes[locale][item] ?? item];
  });
}

function isProviderKey(key: string): boolean {
  return /provider/i.test(key) && !/_id$|url/i.test(key);
}

function capitalise(name: string): string {
  return name.charAt(0).toLocaleUpperCase("en") + name.slice(1);
}

// --- times ---------------------------------------------------------------------------------

// Expiry times read as a distance from now ("endet in 5 Minuten", "ist vor 3 Minuten
// abgelaufen"); any other time (a key added, a code used) as a calendar date.
function formatUnixTime(key: string, unixSeconds: number, locale: UiLocale): string {
  return /expire[sd]?_at_unix$/.test(key)
    ? formatDistanceFromNow(unixSeconds * 1000, locale)
    : new Intl.DateTimeFormat(intlLocales[locale], {
        timeZone,
        ...(locale === "de"
          ? { day: "2-digit", month: "2-digit", year: "numeric" }
          : { day: "numeric", month: "long", year: "numeric" }),
      }).format(unixSeconds * 1000);
}

const MINUTE_MS = 60_000;

// Minutes below an hour, then hours, then days: "vor 300 Minuten" helps nobody. Never "in 0
// Minuten": anything under a minute rounds to one, keeping the direction.
function formatDistanceFromNow(timeMs: number, locale: UiLocale): string {
  const diffMs = timeMs - Date.now();
  const sign = diffMs < 0 ? -1 : 1;
  const minutes = Math.max(1, Math.round(Math.abs(diffMs) / MINUTE_MS));
  const format = new Intl.RelativeTimeFormat(intlLocales[locale], { numeric: "always" });
  if (minutes < 60) return format.format(sign * minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(sign * hours, "hour");
  return format.format(sign * Math.round(hours / 24), "day");
}

function isUiText(value: unknown): value is UiText {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "number" &&
    typeof (value as { text?: unknown }).text === "string"
  );
}

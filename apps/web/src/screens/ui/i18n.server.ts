// Translation helpers for the flow screens (server side).

import type { UiText } from "@ory/client-fetch";
import { getMessages, getTranslations } from "next-intl/server";
import type { FormatText } from "../../flow-engine/nodes";
import { formatUiText } from "../../i18n/format-ui-text";
import type { Locale } from "../../lib/locale";
import { socialErrorText } from "../social/social-error";

/**
 * Formats Kratos messages by id in the screen's language (W1's formatUiText); a failed social
 * sign-in (4000001 with `oidc_error`) by its code.
 */
export async function kratosFormatter(locale: Locale): Promise<FormatText> {
  const t = await getTranslations({ locale, namespace: "kratos" });
  const social = await getTranslations({ locale, namespace: "social" });
  return (text: UiText) => socialErrorText(text, social) ?? formatUiText(text, t, locale);
}

/** Message key -> text for the client form: the `validation` namespace plus `extra`. */
export async function errorTexts(
  locale: Locale,
  extra: Readonly<Record<string, string>> = {},
): Promise<Record<string, string>> {
  const messages = await getMessages({ locale });
  const validation = messages.validation;
  const texts: Record<string, string> = {};
  if (typeof validation === "object" && validation !== null) {
    for (const [key, value] of Object.entries(validation)) {
      if (typeof value === "string") texts[key] = value;
    }
  }
  return { ...texts, ...extra };
}

// The accessibility statement (Erklärung zur Barrierefreiheit) the BFSG asks of a shop:
// conformance, what was tested and how, known limits, where to report a barrier, last review.

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { Screen, TextLink } from "../ui/screen";

/** The day the statement and the tests behind it were last reviewed (update with each review). */
export const LAST_REVIEW = new Date(Date.UTC(2026, 10, 25));

/** Where each language's statement lives: German and English have their own words for it. */
export const ACCESSIBILITY_PATHS: Readonly<Record<Locale, string>> = {
  de: "/barrierefreiheit",
  en: "/en/accessibility",
};

const dateLocales: Record<Locale, string> = { de: "de-DE", en: "en-GB" };

/** wrap-anywhere: long words (Barrierefreiheitsstärkungsgesetz, the address) wrap under text spacing. */
function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 wrap-anywhere">
      <h2 id={id} className="text-h2 font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export async function AccessibilityScreen({
  locale,
}: {
  locale: Locale;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "accessibility" });
  const contact = config.accessibilityContact;
  const date = new Intl.DateTimeFormat(dateLocales[locale], {
    dateStyle: "medium",
    timeZone: "UTC",
  }).format(LAST_REVIEW);
  const [before = "", after = ""] = t("contact", { contact: "\u0000" }).split("\u0000");
  return (
    <Screen title={t("title")} intro={t("intro")}>
      <Section id="status-title" title={t("statusTitle")}>
        <p>{t("status")}</p>
      </Section>
      <Section id="tested-title" title={t("testedTitle")}>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>{t("tested.automated")}</li>
          <li>{t("tested.keyboard")}</li>
          <li>{t("tested.tree")}</li>
        </ul>
      </Section>
      <Section id="limits-title" title={t("limitsTitle")}>
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>{t("limits.screenReader")}</li>
          <li>{t("limits.providers")}</li>
          <li>{t("limits.passkeys")}</li>
        </ul>
      </Section>
      <Section id="contact-title" title={t("contactTitle")}>
        <p>
          {before}
          <TextLink href={`mailto:${contact}`}>{contact}</TextLink>
          {after}
        </p>
      </Section>
      <Section id="enforcement-title" title={t("enforcementTitle")}>
        <p>{t("enforcement")}</p>
      </Section>
      <p className="text-gray-700">{t("reviewed", { date })}</p>
    </Screen>
  );
}

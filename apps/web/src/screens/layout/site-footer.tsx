// Every screen's footer (a `contentinfo` landmark): the shop's legal pages, which a German shop
// must link from every page (TERMS_URL, PRIVACY_URL, IMPRINT_URL; one that is not configured is
// left out), and the accessibility statement, which this app serves itself.

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";

/** The accessibility statement: `/barrierefreiheit` in German, `/en/accessibility` in English. */
export function accessibilityStatementPath(locale: Locale): string {
  return locale === "de" ? "/barrierefreiheit" : `/${locale}/accessibility`;
}

export async function SiteFooter({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "common.footer" });
  const links = [
    { href: config.legal.terms, label: t("terms") },
    { href: config.legal.privacy, label: t("privacy") },
    { href: config.legal.imprint, label: t("imprint") },
    { href: accessibilityStatementPath(locale), label: t("accessibility") },
  ].filter((link): link is { href: string; label: string } => link.href !== undefined);
  return (
    <footer className="border-t border-beige-200 pt-4 text-sm">
      <nav aria-label={t("label")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                className="inline-flex min-h-6 items-center rounded-sm text-gray-700 underline underline-offset-4 hover:text-gray-900"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}

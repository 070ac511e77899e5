// The registration terms under every way to sign up: AGB and Datenschutzerklärung link to the
// shop's pages (TERMS_URL, PRIVACY_URL); a page that is not configured stays plain text.

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";

const LINK = "font-semibold text-petrol-700 underline underline-offset-4 hover:text-petrol-900";

function linkTo(href: string | undefined): (chunks: React.ReactNode) => React.ReactNode {
  return function TermsLink(chunks) {
    return href ? (
      <a href={href} className={LINK}>
        {chunks}
      </a>
    ) : (
      chunks
    );
  };
}

export async function RegistrationTerms({
  locale,
}: {
  locale: Locale;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "registration" });
  return (
    <p className="text-sm text-gray-700">
      {t.rich("terms", {
        terms: linkTo(config.legal.terms),
        privacy: linkTo(config.legal.privacy),
      })}
    </p>
  );
}

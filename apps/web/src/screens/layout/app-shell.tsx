import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import * as React from "react";
import { Logo } from "../../components/logo";
import { type Locale, localizePath, splitLocale } from "../../lib/locale";
import { PAGE_URL_HEADER, parsePageUrl } from "../../lib/page-url";
import { LocaleLinks, LocaleSwitch } from "./locale-switch";
import { SkipLink } from "./skip-link";

const MAIN_ID = "content";

import { SiteFooter } from "./site-footer";

/** The frame around every screen: logo (link home), language switch, the screen, the footer. */
export async function AppShell({
  locale,
  children,
}: {
  locale: Locale;
  children: React.ReactNode;
}): Promise<React.JSX.Element> {
  const common = await getTranslations({ locale, namespace: "common" });
  const page = parsePageUrl((await headers()).get(PAGE_URL_HEADER));
  const switchProps = {
    current: locale,
    label: common("switchLanguage"),
    names: { de: common("languages.de"), en: common("languages.en") },
  };
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-[32rem] flex-col gap-8 px-4 py-6">
      <SkipLink targetId={MAIN_ID} label={common("skipToContent")} />
      <header className="flex flex-wrap items-center justify-between gap-4">
        {/* The logo's own name (role=img) names the link once. */}
        <a href={localizePath(locale, "/")} className="w-40 rounded-sm mobile:w-auto">
          <Logo />
        </a>
        {/* Without JavaScript the fallback is what stays on screen (lib/page-url.ts): it links
            to this page as the proxy saw it; the live links follow client-side navigation. */}
        <React.Suspense
          fallback={
            <LocaleLinks
              {...switchProps}
              path={splitLocale(page.pathname).path}
              search={page.search}
            />
          }
        >
          <LocaleSwitch {...switchProps} />
        </React.Suspense>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter locale={locale} />
    </div>
  );
}

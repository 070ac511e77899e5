import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Logo } from "../../components/logo";
import { type Locale, locales, localizePath, splitLocale } from "../../i18n/locales";
import { PAGE_URL_HEADER } from "../../lib/request-context";
import type { SignedInStaff } from "../../lib/staff.server";
import { HiddenFields } from "../ui/hidden-fields";

const MAIN_ID = "content";

/**
 * The frame around every screen: the skip link, the logo and the console's name, the language
 * links, and for a signed-in staff member the navigation, who they are and "Abmelden". Plain
 * links and one plain form: it all works without JavaScript.
 */
export async function ConsoleShell({
  locale,
  signedIn,
  children,
}: {
  locale: Locale;
  signedIn: SignedInStaff | undefined;
  children: React.ReactNode;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col gap-6 px-4 py-4 mobile:py-6">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-control bg-surface px-4 py-3 font-semibold text-petrol-700 underline focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-petrol-600"
      >
        {t("skipToContent")}
      </a>
      <header className="flex flex-col gap-4 border-b border-gray-200 pb-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <a
            href={localizePath(locale, "/")}
            className="flex items-center gap-3 rounded-sm text-gray-900 no-underline"
          >
            <span className="w-28">
              <Logo />
            </span>
            <span className="text-h4 font-semibold text-green-800">{t("product")}</span>
          </a>
          <LocaleLinks
            locale={locale}
            label={t("switchLanguage")}
            names={{ de: t("languages.de"), en: t("languages.en") }}
          />
        </div>
        {signedIn ? <StaffBar locale={locale} signedIn={signedIn} /> : null}
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col gap-6 outline-none">
        {children}
      </main>
    </div>
  );
}

async function StaffBar({
  locale,
  signedIn,
}: {
  locale: Locale;
  signedIn: SignedInStaff;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "common" });
  const { staff } = signedIn;
  const name = [staff.name.first, staff.name.last].filter(Boolean).join(" ") || staff.email;
  const link =
    "inline-flex min-h-6 items-center rounded-sm px-1 py-1 text-petrol-700 underline underline-offset-4 hover:text-petrol-900";
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
      <nav aria-label={t("nav.label")}>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <li>
            <a href={localizePath(locale, "/")} className={link}>
              {t("nav.search")}
            </a>
          </li>
          {staff.role === "admin" ? (
            <li>
              <a href={localizePath(locale, "/staff")} className={link}>
                {t("nav.staff")}
              </a>
            </li>
          ) : null}
          <li>
            <a href={`${localizePath(locale, "/audit")}?staff=${staff.id}`} className={link}>
              {t("nav.myAudit")}
            </a>
          </li>
        </ul>
      </nav>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-gray-700">
          {t("signedInAs", { name, role: t(`roles.${staff.role}`) })}
        </p>
        <form method="post" action="/auth/logout">
          <HiddenFields values={{ csrf: signedIn.csrf, lang: locale }} />
          <button
            type="submit"
            className="min-h-6 rounded-sm px-1 py-1 text-petrol-700 underline underline-offset-4 hover:text-petrol-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-petrol-600"
          >
            {t("logout")}
          </button>
        </form>
      </div>
    </div>
  );
}

/** Links to this page in each language (the proxy hands on the page's own address). */
async function LocaleLinks({
  locale,
  label,
  names,
}: {
  locale: Locale;
  label: string;
  names: Record<Locale, string>;
}): Promise<React.JSX.Element> {
  const page = (await headers()).get(PAGE_URL_HEADER) ?? "/";
  const url = new URL(
    page.startsWith("/") && !page.startsWith("//") ? page : "/",
    "http://page.invalid",
  );
  const { path } = splitLocale(url.pathname);
  return (
    <nav aria-label={label}>
      <ul className="flex items-center gap-1">
        {locales.map((each) => (
          <li key={each}>
            <a
              href={`${localizePath(each, path)}${url.search}`}
              hrefLang={each}
              lang={each}
              aria-current={each === locale ? "true" : undefined}
              className="inline-flex min-h-6 items-center rounded-sm px-2 py-1 text-petrol-700 underline-offset-4 hover:underline aria-[current=true]:font-bold aria-[current=true]:text-gray-900 aria-[current=true]:no-underline"
            >
              {names[each]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

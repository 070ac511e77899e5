"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type * as React from "react";
import { LOCALES, type Locale, splitLocale } from "../../lib/locale";

/**
 * Links to the same page in each language. Every link carries its locale prefix, German too
 * (`/de/login`): the proxy remembers the choice and next-intl drops the default prefix again.
 * Plain links, so the switch works without JavaScript.
 */
export function localeHref(locale: Locale, path: string, search: string): string {
  const suffix = path === "/" ? "" : path;
  return `/${locale}${suffix}${search ? `?${search}` : ""}`;
}

export interface LocaleSwitchProps {
  readonly current: Locale;
  readonly label: string;
  readonly names: Readonly<Record<Locale, string>>;
}

export function LocaleLinks({
  current,
  label,
  names,
  path,
  search,
}: LocaleSwitchProps & { path: string; search: string }): React.JSX.Element {
  return (
    <nav aria-label={label}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localeHref(locale, path, search)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className="inline-flex min-h-6 items-center rounded-sm px-2 py-1 text-petrol-700 underline-offset-4 hover:underline aria-[current=true]:font-bold aria-[current=true]:text-gray-900 aria-[current=true]:no-underline"
            >
              {names[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function LocaleSwitch(props: LocaleSwitchProps): React.JSX.Element {
  const { path } = splitLocale(usePathname());
  const search = useSearchParams().toString();
  return <LocaleLinks {...props} path={path} search={search} />;
}

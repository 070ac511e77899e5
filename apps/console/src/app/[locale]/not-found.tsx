import { headers } from "next/headers";
import type * as React from "react";
import { toLocale } from "../../i18n/locales";
import { NotFoundScreen } from "../../screens/not-found/not-found-screen";

// The 404 screen inside the console's frame (a path no screen claims, app/[locale]/[...rest]).
export default async function NotFound(): Promise<React.JSX.Element> {
  const locale = toLocale((await headers()).get("x-next-intl-locale"));
  return <NotFoundScreen locale={locale} kind="page" />;
}

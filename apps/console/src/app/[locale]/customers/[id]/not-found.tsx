import { headers } from "next/headers";
import type * as React from "react";
import { toLocale } from "../../../../i18n/locales";
import { NotFoundScreen } from "../../../../screens/not-found/not-found-screen";

// An unknown customer id (the console API's 404 console_customer_not_found): a 404 screen that
// says so, inside the console's frame.
export default async function NotFound(): Promise<React.JSX.Element> {
  const locale = toLocale((await headers()).get("x-next-intl-locale"));
  return <NotFoundScreen locale={locale} kind="customer" />;
}

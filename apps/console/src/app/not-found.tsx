import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { toLocale } from "../i18n/locales";
import { sessionIfAny, signedInStaff } from "../lib/staff.server";
import { ConsoleShell } from "../screens/layout/console-shell";
import { NotFoundScreen } from "../screens/not-found/not-found-screen";
import "./globals.css";

// Every path no screen claims ends here (Next's own 404 route, rendered on the server with a
// 404 status, so it also works without JavaScript), inside the console's frame. The language
// comes from the path prefix, which the proxy's next-intl hands on in a request header.
export default async function NotFound(): Promise<React.JSX.Element> {
  const locale = toLocale((await headers()).get("x-next-intl-locale"));
  const t = await getTranslations({ locale, namespace: "notFound" });
  const common = await getTranslations({ locale, namespace: "common" });
  const signedIn = (await sessionIfAny()) ? await signedInStaff(locale) : undefined;
  return (
    <html lang={locale}>
      <head>
        <title>{common("title", { screen: t("title") })}</title>
      </head>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <ConsoleShell locale={locale} signedIn={signedIn}>
          <NotFoundScreen locale={locale} kind="page" />
        </ConsoleShell>
      </body>
    </html>
  );
}

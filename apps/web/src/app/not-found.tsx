import { headers } from "next/headers";
import type * as React from "react";
import { toLocale } from "../lib/locale";
import { AppShell } from "../screens/layout/app-shell";
import { NotFoundScreen } from "../screens/not-found/not-found-screen";
import "./globals.css";

// Every path no screen claims ends here (Next's own 404 route, rendered on the server with a
// 404 status, so it also works without JavaScript). The language comes from the path prefix,
// which the proxy hands on in a request header.
export default async function NotFound(): Promise<React.JSX.Element> {
  // next-intl's header (set by its middleware in proxy.ts); paths that skip the proxy (files
  // such as /favicon.ico) have none and get German.
  const locale = toLocale((await headers()).get("x-next-intl-locale"));
  return (
    <html lang={locale}>
      <head>
        <title>{locale === "en" ? "Page not found · Moos" : "Seite nicht gefunden · Moos"}</title>
      </head>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <AppShell locale={locale}>
          <NotFoundScreen locale={locale} />
        </AppShell>
      </body>
    </html>
  );
}

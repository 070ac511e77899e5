import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type * as React from "react";
import { ToastProvider } from "../../components/toast";
import { UiTextsProvider } from "../../components/ui-texts";
import { readUiTexts } from "../../i18n/ui-texts.server";
import { config } from "../../lib/config";
import { isLocale } from "../../lib/locale";
import { AppShell } from "../../screens/layout/app-shell";
import { ClientNameSync } from "../../screens/layout/client-name-sync";
import { ErrorReporting } from "../../screens/layout/error-reporting";
import { TitleAnnouncer } from "../../screens/layout/title-announcer";
import "../globals.css";

export const metadata: Metadata = {
  // Each page names itself (lib/page-title.ts): "Anmelden · Moos".
  title: "Moos",
  robots: { index: false, follow: false },
};

export default async function LocaleLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ locale: string }>;
}): Promise<React.JSX.Element> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  // No translation library in the browser: client components get their texts as props, the
  // design system's own few through UiTextsProvider.
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <UiTextsProvider texts={await readUiTexts(locale)}>
          <ToastProvider>
            <ClientNameSync secure={config.https} />
            {config.sentry ? <ErrorReporting {...config.sentry} /> : null}
            <AppShell locale={locale}>{children}</AppShell>
            <TitleAnnouncer />
          </ToastProvider>
        </UiTextsProvider>
      </body>
    </html>
  );
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, setRequestLocale } from "next-intl/server";
import type * as React from "react";
import { ToastProvider } from "../../components/toast";
import { timeZone } from "../../i18n/routing";
import { config } from "../../lib/config";
import { isLocale } from "../../lib/locale";
import { AppShell } from "../../screens/layout/app-shell";
import { ClientNameSync } from "../../screens/layout/client-name-sync";
import { ErrorReporting } from "../../screens/layout/error-reporting";
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
  // Client components only need `common` (the design system's labels) and `loading`; screen
  // texts and validation messages are rendered on the server or passed as props.
  const messages = await getMessages();
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <NextIntlClientProvider
          locale={locale}
          timeZone={timeZone}
          messages={{ common: messages.common ?? {}, loading: messages.loading ?? {} }}
        >
          <ToastProvider>
            <ClientNameSync secure={config.https} />
            {config.sentry ? <ErrorReporting {...config.sentry} /> : null}
            <AppShell locale={locale}>{children}</AppShell>
          </ToastProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

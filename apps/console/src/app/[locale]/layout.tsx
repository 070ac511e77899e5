import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type * as React from "react";
import { isLocale } from "../../i18n/locales";
import { sessionIfAny, signedInStaff } from "../../lib/staff.server";
import { ConsoleShell } from "../../screens/layout/console-shell";
import "../globals.css";

export const metadata: Metadata = {
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
  const signedIn = (await sessionIfAny()) ? await signedInStaff(locale) : undefined;
  return (
    <html lang={locale}>
      <body className="min-h-dvh bg-beige-50 text-gray-900 antialiased">
        <ConsoleShell locale={locale} signedIn={signedIn}>
          {children}
        </ConsoleShell>
      </body>
    </html>
  );
}

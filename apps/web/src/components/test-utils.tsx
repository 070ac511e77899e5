import { type RenderResult, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type * as React from "react";
import deCommon from "../../messages/de/common.json";
import enCommon from "../../messages/en/common.json";

const messages = { de: { common: deCommon }, en: { common: enCommon } };

/** Renders inside next-intl's provider with the `common` texts, as the app's layout does. */
export function renderWithIntl(
  ui: React.ReactElement,
  { locale = "de" }: { locale?: "de" | "en" } = {},
): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Europe/Berlin">
        {children}
      </NextIntlClientProvider>
    ),
  });
}

import { type RenderResult, render } from "@testing-library/react";
import { createTranslator } from "next-intl";
import type * as React from "react";
import deCommon from "../../messages/de/common.json";
import deLoading from "../../messages/de/loading.json";
import enCommon from "../../messages/en/common.json";
import enLoading from "../../messages/en/loading.json";
import { buildUiTexts } from "../i18n/ui-texts";
import { type UiTexts, UiTextsProvider } from "./ui-texts";

const messages = {
  de: { common: deCommon, loading: deLoading },
  en: { common: enCommon, loading: enLoading },
};

/** The design system's client texts as the layout hands them down (src/i18n/ui-texts.ts). */
export function uiTexts(locale: "de" | "en" = "de"): UiTexts {
  const all = messages[locale];
  return buildUiTexts(
    createTranslator({ locale, messages: all, namespace: "common" }),
    createTranslator({ locale, messages: all, namespace: "loading" }),
  );
}

/** Renders inside the UiTextsProvider with the locale's texts, as the app's layout does. */
export function renderWithIntl(
  ui: React.ReactElement,
  { locale = "de" }: { locale?: "de" | "en" } = {},
): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <UiTextsProvider texts={uiTexts(locale)}>{children}</UiTextsProvider>
    ),
  });
}

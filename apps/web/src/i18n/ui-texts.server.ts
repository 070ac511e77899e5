import { getTranslations } from "next-intl/server";
import type { UiTexts } from "../components/ui-texts";
import type { Locale } from "../lib/locale";
import { buildUiTexts } from "./ui-texts";

/** The design system's client texts in the locale, for the layout's UiTextsProvider. */
export async function readUiTexts(locale: Locale): Promise<UiTexts> {
  const common = await getTranslations({ locale, namespace: "common" });
  const loading = await getTranslations({ locale, namespace: "loading" });
  return buildUiTexts(common, loading);
}

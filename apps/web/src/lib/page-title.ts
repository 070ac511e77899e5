// Every screen's own page title ("Anmelden · Moos", "Log in · Moos"): the first thing a screen
// reader says on arrival, and what Next's route announcer reads out after a client-side
// navigation. The text is the screen's heading where it has one, plus " · Moos" (absolute: the
// layout's template does not reach a page in its own segment, `/`).

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { toLocale } from "./locale";

interface TitleProps {
  readonly params: Promise<{ locale: string }>;
}

/** `generateMetadata` for a page whose title is `namespace.key` in its language. */
export function pageTitle(
  namespace: string,
  key: string,
): (props: TitleProps) => Promise<Metadata> {
  return async function generateMetadata({ params }: TitleProps): Promise<Metadata> {
    const locale = toLocale((await params).locale);
    const t = await getTranslations({ locale, namespace });
    return { title: { absolute: `${t(key)} · Moos` } };
  };
}

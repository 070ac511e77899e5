import { notFound } from "next/navigation";
import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { AccessibilityScreen } from "../../../screens/accessibility/accessibility-screen";

/** The accessibility statement in English only (its path is a word of that language). */
export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale } = await readPageProps(props);
  if (locale !== "en") notFound();
  return <AccessibilityScreen locale={locale} />;
}

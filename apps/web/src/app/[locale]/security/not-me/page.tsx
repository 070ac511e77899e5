import type { Metadata } from "next";
import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { SecurityLinkScreen } from "../../../../screens/security/security-link-screen";

// The address carries the link's token: no Referer may take it to another site (same-origin
// still sends Origin with the form post, which Next checks for server actions).
export const metadata: Metadata = { referrer: "same-origin" };

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SecurityLinkScreen locale={locale} query={query} />;
}

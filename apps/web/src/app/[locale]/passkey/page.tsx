import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { PasskeyOfferScreen } from "../../../screens/passkey/passkey-offer-screen";

export const generateMetadata = pageTitle("passkeyOffer", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <PasskeyOfferScreen locale={locale} query={query} />;
}

import type * as React from "react";
import { queryParam } from "../../../flows/screen-query";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";
import { ErrorScreen } from "../../../screens/error/error-screen";

export const generateMetadata = pageTitle("error", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <ErrorScreen locale={locale} errorId={queryParam(query, "id")} />;
}

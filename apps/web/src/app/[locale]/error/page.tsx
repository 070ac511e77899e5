import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { queryParam } from "../../../flow-engine/screen-query";
import { pageTitle } from "../../../lib/page-title";
import { ErrorScreen } from "../../../screens/error/error-screen";

export const generateMetadata = pageTitle("error", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return (
    <ErrorScreen
      locale={locale}
      errorId={queryParam(query, "id")}
      oauth2Error={queryParam(query, "error")}
      retry={queryParam(query, "retry")}
    />
  );
}

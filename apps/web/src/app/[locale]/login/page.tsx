import type * as React from "react";
import { LoginScreen } from "../../../flows/login/login-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { LoadingBoundary } from "../../../screens/loading/loading-screen";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return (
    <LoadingBoundary locale={locale}>
      <LoginScreen locale={locale} query={query} />
    </LoadingBoundary>
  );
}

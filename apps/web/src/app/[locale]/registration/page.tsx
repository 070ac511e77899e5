import type * as React from "react";
import { RegistrationScreen } from "../../../flows/registration/registration-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <RegistrationScreen locale={locale} query={query} />;
}

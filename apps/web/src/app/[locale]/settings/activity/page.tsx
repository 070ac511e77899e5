import type * as React from "react";
import { ActivityScreen } from "../../../../flows/security/activity-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale } = await readPageProps(props);
  return <ActivityScreen locale={locale} />;
}

import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { ActivityScreen } from "../../../../screens/security/activity-screen";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale } = await readPageProps(props);
  return <ActivityScreen locale={locale} />;
}

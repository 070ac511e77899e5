import { getLocale } from "next-intl/server";
import type * as React from "react";
import { toLocale } from "../../lib/locale";
import { NotFoundScreen } from "../../screens/not-found/not-found-screen";

export default async function NotFound(): Promise<React.JSX.Element> {
  return <NotFoundScreen locale={toLocale(await getLocale())} />;
}

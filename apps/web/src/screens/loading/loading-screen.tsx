import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import * as React from "react";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { SCRIPT_COOKIE } from "../../lib/script-cookie";
import { LoadingScreenView } from "./loading-screen-view";

export async function LoadingScreen({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "loading" });
  const common = await getTranslations({ locale, namespace: "common" });
  return (
    <LoadingScreenView
      label={t("label")}
      timeoutMessage={common("tryAgainSomethingWentWrong")}
      reloadLabel={common("reload")}
      reloadHref={config.publicBaseUrl}
    />
  );
}

/**
 * Shows the loading screen while a flow loads, for browsers known to run JavaScript. The
 * loading screen is a Suspense fallback: the page streams, and the content replaces the
 * fallback by script. A browser without JavaScript would keep the spinner forever, so it gets
 * the page in one piece instead (the marker cookie is set by script, see ScriptMarker).
 */
export async function LoadingBoundary({
  locale,
  children,
}: {
  locale: Locale;
  children: React.ReactNode;
}): Promise<React.JSX.Element> {
  const runsScript = (await cookies()).get(SCRIPT_COOKIE)?.value === "1";
  if (!runsScript) return <>{children}</>;
  return <React.Suspense fallback={<LoadingScreen locale={locale} />}>{children}</React.Suspense>;
}

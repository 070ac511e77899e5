import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizePath } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { LinkButton, Screen } from "../ui/screen";

/**
 * The identity service's error UI (`/error?id=`): the error is fetched (getFlowError) and
 * logged for support; the customer sees the generic text and, for an error the identity
 * service knows, its id as the reference. Anything else `?id=` carries is never printed: the
 * page must not show text a link made up (content spoofing on a trusted page).
 */
export async function ErrorScreen({
  locale,
  errorId,
}: {
  locale: Locale;
  errorId: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "error" });
  const common = await getTranslations({ locale, namespace: "common" });
  let reference: string | undefined;
  if (errorId) {
    const client = await createIdentityClient();
    try {
      const flowError = await client.call((api) => api.getFlowError({ id: errorId }));
      reference = flowError.id;
      await reportError(new Error("identity service error"), {
        errorId,
        flowError: flowError.error,
      });
    } catch (error) {
      await reportError(error, { errorId });
    }
  }
  return (
    <Screen title={t("title")}>
      <Alert severity="error">
        <p>{common("genericError")}</p>
        {reference ? (
          <p className="mt-2 text-sm break-all">{t("reference", { id: reference })}</p>
        ) : null}
      </Alert>
      <LinkButton href={localizePath(locale, "/")}>{common("home")}</LinkButton>
    </Screen>
  );
}

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { errorIdOf, isUnavailable } from "../../flow-engine/flow-error";
import { createIdentityClient } from "../../lib/identity.server";
import { IdentityError } from "../../lib/identity-client";
import { type Locale, localizePath } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { LinkButton, Screen } from "../ui/screen";

/**
 * The identity service's error UI (`/error?id=`): the error is fetched (getFlowError) and
 * logged for support; the customer sees the generic text and, for an error the identity
 * service knows, its id as the reference. Anything else `?id=` carries is never printed: the
 * page must not show text a link made up (content spoofing on a trusted page).
 *
 * While the identity service is briefly unavailable (its error `service_unavailable`, or the
 * OpenID provider's `?error=temporarily_unavailable`) the page says so instead, reports
 * nothing (an outage, not a bug), and offers to try again: `?retry=` is the identity service's
 * own page the browser was on, taken only as a path of this origin below /self-service/.
 */
export async function ErrorScreen({
  locale,
  errorId,
  oauth2Error,
  retry,
}: {
  locale: Locale;
  errorId: string | undefined;
  /** `?error=` from the OpenID provider's error redirect (urls.error). */
  oauth2Error?: string | undefined;
  retry?: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "error" });
  const common = await getTranslations({ locale, namespace: "common" });
  if (oauth2Error === "temporarily_unavailable")
    return <UnavailableScreen locale={locale} retry={retry} />;
  let reference: string | undefined;
  if (errorId) {
    const client = await createIdentityClient();
    try {
      const flowError = await client.call((api) => api.getFlowError({ id: errorId }));
      if (errorIdOf({ error: flowError.error }) === "service_unavailable")
        return <UnavailableScreen locale={locale} retry={retry} />;
      reference = flowError.id;
      await reportError(new Error("identity service error"), {
        errorId,
        flowError: flowError.error,
      });
    } catch (error) {
      if (error instanceof IdentityError && isUnavailable(error))
        return <UnavailableScreen locale={locale} retry={retry} />;
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

/** Only the identity service's own pages, on this origin: never another site. */
function retryPath(retry: string | undefined): string | undefined {
  return retry?.startsWith("/self-service/") && !retry.includes("//") ? retry : undefined;
}

async function UnavailableScreen({
  locale,
  retry,
}: {
  locale: Locale;
  retry: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "error" });
  const common = await getTranslations({ locale, namespace: "common" });
  const again = retryPath(retry);
  return (
    <Screen title={t("unavailableTitle")}>
      <Alert severity="error">{common("unavailable")}</Alert>
      {again ? <LinkButton href={again}>{common("tryAgain")}</LinkButton> : null}
      <LinkButton href={localizePath(locale, "/")} variant={again ? "secondary" : "primary"}>
        {common("home")}
      </LinkButton>
    </Screen>
  );
}

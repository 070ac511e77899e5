import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import type { Locale } from "../../lib/locale";
import { ErrorNotice, LinkButton, Screen } from "../ui/screen";
import { answerConsent } from "./actions";
import { clientName, loadConsentRequest } from "./consent.server";
import { consentStep } from "./consent-step.server";

/** Scopes with a text of their own; others are shown by name. */
const KNOWN_SCOPES = ["openid", "email", "profile", "offline_access"] as const;

/**
 * The consent screen (`/consent?consent_challenge=`): a client that is not Moos's own asks for
 * the customer's data. Each scope is a checkbox (ticked: the client asked for it; the sign-in
 * itself always goes along), "remember" is not ticked in advance; allow and deny are forms of
 * their own, so the screen works without JavaScript.
 */
export async function ConsentScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "oauth2" });
  const common = await getTranslations({ locale, namespace: "common" });
  const request = await loadConsentRequest(queryParam(query, "consent_challenge"));
  if (!request) {
    return (
      <Screen title={t("consent.title", { client: "Moos" })}>
        <Alert severity="error">{t("consent.expired")}</Alert>
        <LinkButton href="/">{common("home")}</LinkButton>
      </Screen>
    );
  }
  const step = await consentStep(request, locale);
  if (step.type === "redirect") redirect(step.url);

  const client = clientName(request);
  const email = String((step.session.identity.traits as { email?: unknown }).email ?? "");
  const requested = request.requested_scope ?? [];
  const error = queryParam(query, "error");
  const hidden = (intent: "allow" | "deny") => [
    { name: "consent_challenge", value: request.challenge },
    { name: "locale", value: locale },
    { name: "intent", value: intent },
  ];
  const scopeText = (scope: string): string =>
    (KNOWN_SCOPES as readonly string[]).includes(scope) ? t(`consent.scopes.${scope}`) : scope;
  return (
    <Screen title={t("consent.title", { client })} intro={t("consent.intro", { client, email })}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <div className="flex flex-col gap-3">
        <FlowForm
          action={answerConsent}
          hidden={hidden("allow")}
          fields={[]}
          submit={{ label: t("consent.allow") }}
          errorTexts={{}}
          label={t("consent.title", { client })}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-semibold text-gray-900">
              {t("consent.scopesLabel", { client })}
            </legend>
            {requested.map((scope) => (
              <label key={scope} className="flex items-center gap-3 text-gray-800">
                <input
                  type="checkbox"
                  name="grant_scope"
                  value={scope}
                  defaultChecked
                  disabled={scope === "openid"}
                  className="size-5 accent-petrol-700"
                />
                {scopeText(scope)}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-3 text-gray-800">
            <input
              type="checkbox"
              name="remember"
              value="true"
              className="size-5 accent-petrol-700"
            />
            {t("consent.remember")}
          </label>
        </FlowForm>
        <FlowForm
          action={answerConsent}
          hidden={hidden("deny")}
          fields={[]}
          submit={{ label: t("consent.deny"), variant: "secondary" }}
          errorTexts={{}}
        />
      </div>
    </Screen>
  );
}

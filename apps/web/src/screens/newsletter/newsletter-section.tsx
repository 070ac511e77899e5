import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { hasAdminApi } from "../../lib/admin.server";
import type { Locale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { SuccessNote } from "../ui/success-note";
import { changeNewsletter } from "./actions";
import { type ConsentState, consentState } from "./consent";
import { consentOf, loadIdentity } from "./consent-store.server";

async function stateOf(identityId: string): Promise<ConsentState | undefined> {
  try {
    return consentState(consentOf(await loadIdentity(identityId)));
  } catch (error) {
    await reportError(error, { flow: "newsletter" });
    return undefined;
  }
}

/**
 * Settings: the newsletter as it stands (subscribed, waiting for the confirmation, not
 * subscribed), with one button to change it: withdrawing counts at once, subscribing sends
 * the confirmation email again.
 */
export async function NewsletterSection({
  locale,
  flowId,
  identityId,
  notice,
}: {
  locale: Locale;
  flowId: string;
  identityId: string | undefined;
  notice: string | undefined;
}): Promise<React.JSX.Element | null> {
  if (!identityId || !hasAdminApi()) return null;
  const state = await stateOf(identityId);
  if (!state) return null;
  const t = await getTranslations({ locale, namespace: "newsletter" });
  const hidden = (intent: "subscribe" | "withdraw") => [
    { name: "intent", value: intent },
    { name: "flow", value: flowId },
    { name: "locale", value: locale },
  ];
  return (
    <section aria-labelledby="newsletter-title" className={SETTINGS_CARD}>
      <h2 id="newsletter-title" className={SETTINGS_CARD_TITLE}>
        {t("settingsTitle")}
      </h2>
      {notice === "newsletter_requested" ? (
        <SuccessNote id="newsletter-requested" title={t("notices.requested")} />
      ) : null}
      {notice === "newsletter_withdrawn" ? (
        <SuccessNote id="newsletter-withdrawn" title={t("notices.withdrawn")} />
      ) : null}
      <p className="text-gray-700">{t(`state.${state}`)}</p>
      {state === "pending" ? (
        <FlowForm
          action={changeNewsletter}
          hidden={hidden("subscribe")}
          fields={[]}
          submit={{ label: t("sendAgain"), variant: "secondary" }}
          errorTexts={{}}
        />
      ) : null}
      <FlowForm
        action={changeNewsletter}
        hidden={hidden(state === "unsubscribed" ? "subscribe" : "withdraw")}
        fields={[]}
        submit={{
          label: t(state === "unsubscribed" ? "subscribe" : "withdraw"),
          variant: "secondary",
        }}
        errorTexts={{}}
      />
    </section>
  );
}

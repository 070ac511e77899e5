import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { statusOf } from "../../lib/sdk-status";
import { currentSession } from "../../lib/session.server";
import { ErrorNotice, LinkButton, Screen, ScreenRoot } from "../ui/screen";
import { SuccessNote } from "../ui/success-note";
import { answerNewsletter } from "./actions";
import { consentOf, loadIdentity } from "./consent-store.server";

function onwardHref(returnTo: string | undefined): string {
  return returnTo
    ? `/api/redirect?${new URLSearchParams({ return_to: returnTo })}`
    : "/api/redirect";
}

/**
 * Newsletter consent: asked once after a sign-in (consent-gate.server.ts). The gift is said
 * plainly, nothing is chosen in advance, and each answer is one button of its own form.
 * After a yes the screen says to look for the email, then goes on.
 */
export async function NewsletterScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "newsletter" });
  const returnTo = queryParam(query, "return_to");
  const here = localizedHref(locale, "/newsletter", { return_to: returnTo });
  const session = await currentSession();
  const identityId = session?.identity?.id;
  if (!identityId) redirect(localizedHref(locale, "/login", { return_to: here }));

  if (queryParam(query, "sent")) {
    return (
      <Screen title={t("sentTitle")}>
        <SuccessNote id="newsletter-sent" title={t("sentNote")} />
        <p className="text-gray-700">{t("sentText")}</p>
        <LinkButton href={onwardHref(returnTo)}>{t("continue")}</LinkButton>
      </Screen>
    );
  }
  const identity = await loadIdentity(identityId).catch((error: unknown) => {
    if (statusOf(error) === 503) return undefined;
    throw error;
  });
  // Briefly unavailable (consent-gate.server.ts sends the customer here then): whether the
  // question was answered is not known yet; trying again asks or goes on.
  if (!identity) {
    return (
      <ScreenRoot
        locale={locale}
        title={t("title")}
        reason="service_unavailable"
        retryHref={here}
      />
    );
  }
  if (consentOf(identity)) redirect(onwardHref(returnTo));

  const error = queryParam(query, "error");
  const hidden = (answer: "yes" | "no") => [
    { name: "answer", value: answer },
    { name: "locale", value: locale },
    ...(returnTo ? [{ name: "return_to", value: returnTo }] : []),
  ];
  return (
    <Screen title={t("title")} intro={<strong>{t("gift")}</strong>}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <p className="text-gray-700">{t("question")}</p>
      <div className="flex flex-col gap-3">
        <FlowForm
          action={answerNewsletter}
          hidden={hidden("yes")}
          fields={[]}
          submit={{ label: t("yes") }}
          errorTexts={{}}
        />
        <FlowForm
          action={answerNewsletter}
          hidden={hidden("no")}
          fields={[]}
          submit={{ label: t("no"), variant: "secondary" }}
          errorTexts={{}}
        />
      </div>
    </Screen>
  );
}

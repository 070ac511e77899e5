import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import type { Locale } from "../../lib/locale";
import { currentSession } from "../../lib/session.server";
import { clientName } from "../consent/consent.server";
import { ErrorNotice, LinkButton, Screen } from "../ui/screen";
import { answerLogout } from "./actions";
import { loadLogoutRequest, logsOutAtOnce } from "./logout.server";

/**
 * The logout screen (`/logout?logout_challenge=`): a client asks to log the customer out. Moos's
 * own clients logging out their own customer go on at once (/api/oauth2/logout ends the
 * session and answers, which a page cannot: it cannot set cookies); anyone else is asked.
 */
export async function LogoutScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "oauth2" });
  const common = await getTranslations({ locale, namespace: "common" });
  const challenge = queryParam(query, "logout_challenge");
  const request = await loadLogoutRequest(challenge);
  if (!request || !challenge) {
    return (
      <Screen title={t("logout.title")}>
        <Alert severity="error">{t("logout.expired")}</Alert>
        <LinkButton href="/">{common("home")}</LinkButton>
      </Screen>
    );
  }
  if (logsOutAtOnce(request, await currentSession())) {
    redirect(`/api/oauth2/logout?${new URLSearchParams({ logout_challenge: challenge })}`);
  }
  const client = request.client ? clientName({ client: request.client }) : "";
  const error = queryParam(query, "error");
  const hidden = (intent: "logout" | "stay") => [
    { name: "logout_challenge", value: challenge },
    { name: "locale", value: locale },
    { name: "intent", value: intent },
  ];
  return (
    <Screen
      title={t("logout.title")}
      intro={client ? t("logout.introClient", { client }) : t("logout.intro")}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <div className="flex flex-col gap-3">
        <FlowForm
          action={answerLogout}
          hidden={hidden("logout")}
          fields={[]}
          submit={{ label: t("logout.confirm") }}
          errorTexts={{}}
        />
        <FlowForm
          action={answerLogout}
          hidden={hidden("stay")}
          fields={[]}
          submit={{ label: t("logout.stay"), variant: "secondary" }}
          errorTexts={{}}
        />
      </div>
    </Screen>
  );
}

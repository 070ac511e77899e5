import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizedHref } from "../../lib/locale";
import { CodeFlowBody } from "../code-flow/code-flow-screen";
import { errorTexts, kratosFormatter } from "../i18n.server";
import { loadFlow } from "../load-flow";
import { queryParam, retryQuery, type SearchParams } from "../screen-query";
import { ErrorNotice, Screen, ScreenRoot } from "../ui/screen";
import { submitVerification } from "./actions";

export async function VerificationScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "verification" });
  const common = await getTranslations({ locale, namespace: "common" });
  const flowId = queryParam(query, "flow");
  const error = queryParam(query, "error");
  const retryHref = localizedHref(locale, "/verification", retryQuery(query, error));
  if (!flowId)
    return <ScreenRoot locale={locale} title={t("title")} reason={error} retryHref={retryHref} />;

  const flow = await loadFlow({
    flow: "verification",
    flowId,
    locale,
    fetch: (api, id) => api.getVerificationFlow({ id }),
  });
  if (!flow)
    return (
      <ScreenRoot locale={locale} title={t("title")} reason={undefined} retryHref={retryHref} />
    );

  const state = String(flow.state);
  const title = state === "passed_challenge" ? t("doneTitle") : t("title");
  const intro =
    state === "passed_challenge"
      ? t("doneIntro")
      : state === "sent_email"
        ? t("codeIntro")
        : t("emailIntro");

  return (
    <Screen title={title} intro={intro}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <CodeFlowBody
        locale={locale}
        flow={flow}
        action={submitVerification}
        format={await kratosFormatter(locale)}
        codeRule="verificationCode"
        errorTexts={await errorTexts(locale)}
        fallbackContinueHref="/api/redirect"
        texts={{
          emailLabel: common("email"),
          sendCode: t("sendCode"),
          codeLabel: common("verificationCode"),
          submitCode: t("activate"),
          resendQuestion: t("resendQuestion"),
          resendCode: common("resendCode"),
          continue: common("continue"),
          formLabel: t("title"),
        }}
      />
    </Screen>
  );
}

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import type { SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { CodeFlowBody, codeAddress } from "../code-flow/code-flow-screen";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
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
  const loaded = await loadScreenFlow({
    flow: "verification",
    screenPath: "/verification",
    locale,
    query,
    fetch: (api, id) => api.getVerificationFlow({ id }),
  });
  if (!loaded.flow) return <ScreenRoot locale={locale} title={t("title")} {...loaded.root} />;
  const { flow, error } = loaded;

  const state = String(flow.state);
  // Where the code went, so the customer knows which inbox to open.
  const address = codeAddress(flow.ui.nodes);
  const title = state === "passed_challenge" ? t("doneTitle") : t("title");
  const intro =
    state === "passed_challenge"
      ? t("doneIntro")
      : state === "sent_email"
        ? address
          ? t("codeIntro", { email: address })
          : t("codeIntroNoAddress")
        : t("emailIntro");

  return (
    <Screen title={title} intro={intro} messages={flow.ui.messages}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <CodeFlowBody
        locale={locale}
        flow={flow}
        action={submitVerification}
        format={await kratosFormatter(locale)}
        codeRule="verificationCode"
        errorTexts={await errorTexts(locale)}
        fallbackContinueHref="/api/redirect"
        // A typo in the address (right after registering): change it in settings.
        typoTakeHref={localizedHref(locale, "/settings")}
        texts={{
          emailLabel: common("email"),
          sendCode: t("sendCode"),
          codeLabel: common("verificationCode"),
          submitCode: t("verify"),
          resendQuestion: t("resendQuestion"),
          resendCode: common("resendCode"),
          continue: common("continue"),
          formLabel: t("title"),
        }}
      />
    </Screen>
  );
}

import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { RECOVERY_CODE_INVALID, RECOVERY_CODE_REQUIRED } from "../../flow-engine/form/field-rules";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import type { SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { CodeFlowBody } from "../code-flow/code-flow-screen";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, Screen, ScreenRoot, TextLink } from "../ui/screen";
import { submitRecovery } from "./actions";
import { RECOVERY_EMAIL_HEADER, recoveryEmail } from "./recovery-email";

/** Forgot password (request a code by email), then reset password (enter the code). */
export async function RecoveryScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "recovery" });
  const common = await getTranslations({ locale, namespace: "common" });
  const loaded = await loadScreenFlow({
    flow: "recovery",
    screenPath: "/recovery",
    locale,
    query,
    fetch: (api, id) => api.getRecoveryFlow({ id }),
  });
  if (!loaded.flow) return <ScreenRoot locale={locale} title={t("title")} {...loaded.root} />;
  const { flow, error } = loaded;

  const isCodeStep = flow.ui.nodes.some(
    (node) => (node.attributes as { name?: unknown }).name === "code",
  );
  return (
    <Screen
      title={isCodeStep ? t("codeTitle") : t("title")}
      intro={isCodeStep ? t("codeIntro") : t("intro")}
      messages={flow.ui.messages}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <CodeFlowBody
        locale={locale}
        flow={flow}
        action={submitRecovery}
        format={await kratosFormatter(locale)}
        codeRule="recoveryCode"
        errorTexts={
          await errorTexts(locale, {
            [RECOVERY_CODE_REQUIRED]: t("codeRequired"),
            [RECOVERY_CODE_INVALID]: t("codeInvalid"),
          })
        }
        fallbackContinueHref={localizedHref(locale, "/settings")}
        prefillEmail={recoveryEmail((await headers()).get(RECOVERY_EMAIL_HEADER))}
        typoTakeHref={localizedHref(locale, "/recovery")}
        texts={{
          emailLabel: common("email"),
          sendCode: t("sendCode"),
          codeLabel: common("code"),
          submitCode: common("continue"),
          resendQuestion: t("resendQuestion"),
          resendCode: common("resendCode"),
          continue: common("continue"),
          formLabel: isCodeStep ? t("codeTitle") : t("title"),
        }}
      />
      <p>
        <TextLink href={localizedHref(locale, "/login")} startsFlow>
          {t("backToLogin")}
        </TextLink>
      </p>
    </Screen>
  );
}

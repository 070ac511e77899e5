// The code step of passwordless sign-in (`method=code`, state sent_email): the code from the
// email, a new code, or back to the password. Plain forms, so it works without JavaScript.

import type { LoginFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { HiddenField } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { findInput, hiddenFields, nodeField, nodeValue } from "../../flow-engine/nodes";
import { challengeQuery } from "../../flow-engine/oauth2/login-challenge";
import { type Locale, localizedHref } from "../../lib/locale";
import { codeErrorTexts } from "../second-factor/second-factor-screen";
import { captchaOf } from "../ui/captcha.server";
import { kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen, TextLink } from "../ui/screen";
import { submitLoginCode } from "./code-login-actions";

export async function CodeLoginStep({
  locale,
  flow,
  error,
}: {
  locale: Locale;
  flow: LoginFlow;
  error: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  const common = await getTranslations({ locale, namespace: "common" });
  const format = await kratosFormatter(locale);
  const nodes = flow.ui.nodes;
  const codeNode = findInput(nodes, "code");
  const email = nodeValue(findInput(nodes, "identifier")) ?? "";
  const base: HiddenField[] = [
    ...hiddenFields(nodes).filter((field) => field.name !== "identifier"),
    { name: "identifier", value: email },
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const texts = await codeErrorTexts(locale);

  return (
    <Screen
      title={t("codeLogin.title")}
      intro={t("codeLogin.intro", { email })}
      messages={flow.ui.messages}
      captcha={await captchaOf(flow.ui.nodes, locale)}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      <FlowForm
        action={submitLoginCode}
        label={t("codeLogin.title")}
        hidden={[...base, { name: "intent", value: "code" }]}
        fields={[
          {
            ...(codeNode ? nodeField(codeNode, format) : undefined),
            name: "code",
            label: t("codeLogin.codeLabel"),
            type: "text",
            inputMode: "numeric",
            autoComplete: "one-time-code",
            rule: "oneTimeCode",
            required: true,
            defaultValue: "",
          },
        ]}
        submit={{ label: t("codeLogin.submit") }}
        errorTexts={texts}
      />
      <FlowForm
        action={submitLoginCode}
        label={common("resendCode")}
        hidden={[...base, { name: "intent", value: "resend" }]}
        fields={[]}
        submit={{ label: common("resendCode"), variant: "secondary" }}
        errorTexts={texts}
      >
        <p className="text-gray-700">{t("codeLogin.resendQuestion")}</p>
      </FlowForm>
      <p>
        <TextLink href={localizedHref(locale, "/login", challengeQuery(flow))} startsFlow>
          {t("codeLogin.usePassword")}
        </TextLink>
      </p>
    </Screen>
  );
}

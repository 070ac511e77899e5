// The registration flow's credential choice (step two of Kratos's profile_first, after the
// name and email): sign up with a passkey ("Mit Passkey registrieren", message 1040007, when the
// identity service offers it) or with a password, or go back to change name and email. The
// traits travel as the hidden fields the flow keeps them in. webauthn.js creates the passkey,
// names it after the display-name field (passkey_create_data says which) and submits.

import type { RegistrationFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { newPasswordFields } from "../../flow-engine/form/new-password-fields";
import {
  type FormatText,
  findInput,
  hiddenFields,
  inputAttributes,
  nodeValue,
} from "../../flow-engine/nodes";
import { WebAuthnForm } from "../../flow-engine/webauthn/webauthn-form";
import { webAuthnScript, webAuthnTrigger } from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { AccountLine } from "../login/account-line";
import { captchaOf } from "../ui/captcha.server";
import { errorTexts } from "../ui/i18n.server";
import { RegistrationTerms } from "../ui/registration-terms";
import { ErrorNotice, FlowMessages, Screen } from "../ui/screen";
import { backToProfile, submitPasskeyRegistration, submitRegistration } from "./actions";

/** The flow is at the credential choice: it offers the way back to the profile step. */
export function isCredentialChoice(flow: RegistrationFlow): boolean {
  return flow.ui.nodes.some((node) => {
    const attributes = inputAttributes(node);
    return attributes?.name === "screen" && attributes.value === "previous";
  });
}

export async function CredentialChoice({
  locale,
  flow,
  format,
  error,
}: {
  locale: Locale;
  flow: RegistrationFlow;
  format: FormatText;
  error: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "registration" });
  const common = await getTranslations({ locale, namespace: "common" });
  const twoFactor = await getTranslations({ locale, namespace: "twoFactor" });
  const nodes = flow.ui.nodes;
  const carried = [
    ...hiddenFields(nodes),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const trigger = webAuthnTrigger(nodes, "passkey_register_trigger", format);
  const script = webAuthnScript(nodes, config.orySdkUrl);
  const createData = nodeValue(findInput(nodes, "passkey_create_data"));

  return (
    <Screen title={t("title")} captcha={await captchaOf(nodes, locale)}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      <AccountLine
        email={nodeValue(findInput(nodes, "traits.email")) ?? ""}
        label={common("email")}
        changeHref={undefined}
        changeText=""
      />
      {trigger && script && createData ? (
        <>
          <WebAuthnForm
            action={submitPasskeyRegistration}
            label={t("passkey.formLabel")}
            hidden={[...carried, { name: "passkey_create_data", value: createData }]}
            resultName="passkey_register"
            trigger={trigger}
            script={script}
            variant="primary"
            noScriptText={twoFactor("passkey.noScript")}
            unavailableText={twoFactor("passkey.unavailable")}
          />
          <p className="text-center text-sm text-gray-700">{twoFactor("passkey.divider")}</p>
        </>
      ) : null}
      <FlowForm
        action={submitRegistration}
        label={t("password.formLabel")}
        hidden={carried}
        fields={newPasswordFields(nodes, format, {
          password: common("password"),
          repeatPassword: common("repeatPassword"),
        })}
        submit={{ label: common("createAccount") }}
        errorTexts={await errorTexts(locale)}
      >
        <RegistrationTerms locale={locale} />
      </FlowForm>
      <FlowForm
        action={backToProfile}
        label={t("back.formLabel")}
        hidden={carried}
        fields={[]}
        submit={{ label: common("back"), variant: "link" }}
        errorTexts={{}}
      />
    </Screen>
  );
}

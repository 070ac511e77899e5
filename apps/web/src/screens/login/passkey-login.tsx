// Passkey sign-in (group passkey): a button, and the browser's passkey autofill on the email
// field (`autocomplete="username webauthn"`, conditional mediation started by webauthn.js's
// oryPasskeyLoginAutocompleteInit). Both only with JavaScript; without it a note says so.

import type { LoginFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type FormatText, findInput, hiddenFields, nodeValue } from "../../flow-engine/nodes";
import { WebAuthnForm } from "../../flow-engine/webauthn/webauthn-form";
import {
  offersPasskeyAutofill,
  webAuthnScript,
  webAuthnTrigger,
} from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { submitLoginMethod } from "../second-factor/actions";

export async function PasskeyLogin({
  locale,
  flow,
  format,
}: {
  locale: Locale;
  flow: LoginFlow;
  format: FormatText;
}): Promise<React.JSX.Element | null> {
  const nodes = flow.ui.nodes;
  const trigger = webAuthnTrigger(nodes, "passkey_login_trigger", format);
  const script = webAuthnScript(nodes, config.orySdkUrl);
  if (!trigger || !script) return null;
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  return (
    <WebAuthnForm
      action={submitLoginMethod}
      label={t("passkey.formLabel")}
      hidden={[
        ...hiddenFields(nodes).filter((field) => field.name === "csrf_token"),
        { name: "flow", value: flow.id },
        { name: "locale", value: locale },
        { name: "method", value: "passkey" },
        {
          name: "passkey_challenge",
          value: nodeValue(findInput(nodes, "passkey_challenge")) ?? "",
        },
      ]}
      resultName="passkey_login"
      trigger={trigger}
      script={script}
      autofill={offersPasskeyAutofill(nodes)}
      noScriptText={t("passkey.noScript")}
      unavailableText={t("passkey.unavailable")}
    />
  );
}

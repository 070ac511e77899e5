// Passkey sign-in (group passkey): a button, and the browser's passkey autofill on the email
// field (`autocomplete="username webauthn"`, conditional mediation started by webauthn.js's
// oryPasskeyLoginAutocompleteInit). Both only with JavaScript; without it a note says so.

import { MessageId } from "@moos/contract";
import type { LoginFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import {
  type FormatText,
  findInput,
  hasMessage,
  hiddenFields,
  nodeValue,
} from "../../flow-engine/nodes";
import { passkeyChallengeRpId } from "../../flow-engine/webauthn/passkey-signals";
import { WebAuthnForm } from "../../flow-engine/webauthn/webauthn-form";
import {
  offersPasskeyAutofill,
  webAuthnScript,
  webAuthnTrigger,
} from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { UnknownPasskeySignal } from "../passkey/passkey-signals";
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
  // A passkey the account no longer knows (4000015): the password manager is told to drop it.
  const rpId = passkeyChallengeRpId(nodes);
  const unknown = hasMessage(flow.ui.messages, MessageId.noSecurityKeyForAccount) && rpId;
  return (
    <>
      {unknown ? <UnknownPasskeySignal rpId={rpId} /> : null}
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
        rememberAssertion
        noScriptText={t("passkey.noScript")}
        unavailableText={t("passkey.unavailable")}
      />
    </>
  );
}

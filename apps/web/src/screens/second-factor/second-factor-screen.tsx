// The second step of a login (a login flow with `requested_aal: aal2`, docs/protocol.md#login-outcomes): after
// the password, an account with a second factor confirms with a code from its authenticator
// app (group totp), a backup code (group lookup_secret) or a security key (group webauthn).
// The flow's nodes say which of them the account has. Codes are plain forms; keys need
// JavaScript and say so without it.

import type { LoginFlow, UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import {
  BACKUP_CODE_REQUIRED,
  ONE_TIME_CODE_INVALID,
  ONE_TIME_CODE_REQUIRED,
} from "../../flow-engine/form/field-rules";
import type { HiddenField } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import {
  type FormatText,
  findInput,
  hiddenFields,
  nodeField,
  nodeLabel,
} from "../../flow-engine/nodes";
import { WebAuthnForm } from "../../flow-engine/webauthn/webauthn-form";
import { webAuthnScript, webAuthnTrigger } from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import type { Locale } from "../../lib/locale";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen } from "../ui/screen";
import { submitLoginMethod } from "./actions";

/** The submit button of a method (`method=<value>`), with the identity service's label. */
function submitLabel(
  nodes: readonly UiNode[],
  method: string,
  format: FormatText,
): string | undefined {
  const node = nodes.find((candidate) => {
    const attributes = candidate.attributes as { name?: unknown; value?: unknown; type?: unknown };
    return (
      attributes.name === "method" && attributes.value === method && attributes.type === "submit"
    );
  });
  const label = node ? nodeLabel(node) : undefined;
  return label ? format(label) : undefined;
}

/** Texts of the one-time-code fields, for the browser's and the server's checks. */
export async function codeErrorTexts(locale: Locale): Promise<Record<string, string>> {
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  return errorTexts(locale, {
    [ONE_TIME_CODE_REQUIRED]: t("codes.required"),
    [ONE_TIME_CODE_INVALID]: t("codes.invalid"),
    [BACKUP_CODE_REQUIRED]: t("codes.backupRequired"),
  });
}

/** One way to finish the second step: a titled section with its own form. */
function FactorSection(props: {
  id: string;
  title: string;
  intro?: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-3">
      <h2 id={props.id} className="text-h3 font-bold text-gray-900">
        {props.title}
      </h2>
      {props.intro ? <p className="text-gray-700">{props.intro}</p> : null}
      {props.children}
    </section>
  );
}

export async function SecondFactorScreen({
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
  const base: HiddenField[] = [
    ...hiddenFields(nodes),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const texts = await codeErrorTexts(locale);
  const totpNode = findInput(nodes, "totp_code");
  const backupNode = findInput(nodes, "lookup_secret");
  const script = webAuthnScript(nodes, config.orySdkUrl);
  const keyTrigger = webAuthnTrigger(nodes, "webauthn_login_trigger", format);

  return (
    <Screen
      title={t("secondFactor.title")}
      intro={t("secondFactor.intro")}
      messages={flow.ui.messages}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      {totpNode ? (
        <FactorSection
          id="totp-title"
          title={t("secondFactor.totpTitle")}
          intro={t("secondFactor.totpIntro")}
        >
          <FlowForm
            action={submitLoginMethod}
            label={t("secondFactor.totpTitle")}
            hidden={base}
            fields={[
              nodeField(totpNode, format, {
                type: "text",
                inputMode: "numeric",
                autoComplete: "one-time-code",
                rule: "oneTimeCode",
                required: true,
                defaultValue: "",
              }),
            ]}
            submit={{
              label: submitLabel(nodes, "totp", format) ?? common("continue"),
              name: "method",
              value: "totp",
            }}
            errorTexts={texts}
          />
        </FactorSection>
      ) : null}
      {backupNode ? (
        <FactorSection
          id="backup-title"
          title={t("secondFactor.backupTitle")}
          intro={t("secondFactor.backupIntro")}
        >
          <FlowForm
            action={submitLoginMethod}
            label={t("secondFactor.backupTitle")}
            hidden={base}
            fields={[
              nodeField(backupNode, format, {
                type: "text",
                autoComplete: "off",
                rule: "backupCode",
                required: true,
                defaultValue: "",
              }),
            ]}
            submit={{
              label: submitLabel(nodes, "lookup_secret", format) ?? common("continue"),
              name: "method",
              value: "lookup_secret",
              variant: totpNode ? "secondary" : "primary",
            }}
            errorTexts={texts}
          />
        </FactorSection>
      ) : null}
      {keyTrigger && script ? (
        <FactorSection id="key-title" title={t("secondFactor.keyTitle")}>
          <WebAuthnForm
            action={submitLoginMethod}
            label={t("secondFactor.keyTitle")}
            hidden={[...base, { name: "method", value: "webauthn" }]}
            resultName="webauthn_login"
            trigger={keyTrigger}
            script={script}
            noScriptText={t("passkey.noScript")}
            unavailableText={t("passkey.unavailable")}
          />
        </FactorSection>
      ) : null}
    </Screen>
  );
}

// Social register (SPEC.md §2): the provider gave too little to create the account (Facebook
// without an email). The identity service sends the traits it still needs as visible inputs
// and the provider's values as hidden ones (group oidc); the screen asks only for the former,
// says why the email is needed, and finishes with the provider's submit (`method=oidc`).

import { MessageId } from "@moos/contract";
import type { RegistrationFlow, UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { FieldSpec, HiddenField } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { traitFieldOverrides } from "../../flow-engine/form/trait-fields";
import {
  type FormatText,
  hiddenFields,
  inputAttributes,
  nodeField,
  nodeValue,
} from "../../flow-engine/nodes";
import type { Locale } from "../../lib/locale";
import { socialProviders, socialTraitNodes } from "../social/social-nodes";
import { captchaOf } from "../ui/captcha.server";
import { errorTexts } from "../ui/i18n.server";
import { RegistrationTerms } from "../ui/registration-terms";
import { ErrorNotice, FlowMessages, Screen } from "../ui/screen";
import { submitSocialRegister } from "./actions";

/** 4000002: the field is required. */
const REQUIRED = MessageId.missingProperty;

/**
 * The identity service marks every missing trait as required (4000002). On a screen that
 * exists to ask for them, that reads as an error before the customer typed anything: the
 * screen's intro says what is needed, the field rules say it again on submit.
 */
function withoutRequiredNote(field: FieldSpec, node: UiNode): FieldSpec {
  if (node.messages[0]?.id !== REQUIRED) return field;
  const { serverError: _required, ...rest } = field;
  return rest;
}

export async function SocialRegister({
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
  const t = await getTranslations({ locale, namespace: "social" });
  const common = await getTranslations({ locale, namespace: "common" });
  const nodes = flow.ui.nodes;
  const provider = socialProviders(nodes, format).find((button) => button.name === "provider");
  const providerName = provider?.displayName ?? "";
  const known = traitFieldOverrides(common);
  const fields: FieldSpec[] = [];
  const given: HiddenField[] = [];
  for (const node of socialTraitNodes(nodes)) {
    const name = inputAttributes(node)?.name ?? "";
    if (inputAttributes(node)?.type === "hidden") {
      given.push({ name, value: nodeValue(node) ?? "" });
      continue;
    }
    const field = nodeField(node, format, { ...known[name], required: true });
    fields.push(withoutRequiredNote(field, node));
  }
  const asksEmail = fields.some((field) => field.name === "traits.email");

  return (
    <Screen
      title={t("register.title")}
      intro={t("register.intro", { provider: providerName })}
      messages={flow.ui.messages}
      captcha={await captchaOf(flow.ui.nodes, locale)}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      {asksEmail ? (
        <p className="text-gray-700">{t("register.emailWhy", { provider: providerName })}</p>
      ) : null}
      <FlowForm
        action={submitSocialRegister}
        label={t("register.title")}
        hidden={[
          ...hiddenFields(nodes),
          ...given,
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
        ]}
        fields={fields}
        submit={{
          label: common("createAccount"),
          ...(provider ? { name: provider.name, value: provider.id } : {}),
        }}
        errorTexts={await errorTexts(locale)}
      >
        <RegistrationTerms locale={locale} />
      </FlowForm>
    </Screen>
  );
}

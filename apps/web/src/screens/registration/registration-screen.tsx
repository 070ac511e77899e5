import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { FieldSpec } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { newPasswordFields } from "../../flow-engine/form/new-password-fields";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import { fieldFromNodes, hiddenFields } from "../../flow-engine/nodes";
import { followClientLanguage } from "../../flow-engine/oauth2/client-language.server";
import { challengeQuery, clientOfFlow } from "../../flow-engine/oauth2/login-challenge";
import type { SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { submitProvider } from "../social/actions";
import { isSocialRegister, socialProviders } from "../social/social-nodes";
import { SocialSection } from "../social/social-section";
import { captchaOf } from "../ui/captcha.server";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { RegistrationTerms } from "../ui/registration-terms";
import { ErrorNotice, FlowMessages, Screen, ScreenRoot, TextLink } from "../ui/screen";
import { submitRegistration } from "./actions";
import { CredentialChoice, isCredentialChoice } from "./credential-choice";
import { PasskeyChoiceButton } from "./passkey-choice-button";
import { SocialRegister } from "./social-register";

export async function RegistrationScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "registration" });
  const common = await getTranslations({ locale, namespace: "common" });
  const loaded = await loadScreenFlow({
    flow: "registration",
    screenPath: "/registration",
    locale,
    query,
    fetch: (api, id) => api.getRegistrationFlow({ id }),
  });
  if (!loaded.flow) return <ScreenRoot locale={locale} title={t("title")} {...loaded.root} />;
  const { flow, error } = loaded;
  await followClientLanguage(flow, locale, "/registration");

  const format = await kratosFormatter(locale);
  if (isSocialRegister(flow)) {
    return <SocialRegister locale={locale} flow={flow} format={format} error={error} />;
  }
  if (isCredentialChoice(flow)) {
    return <CredentialChoice locale={locale} flow={flow} format={format} error={error} />;
  }
  const nodes = flow.ui.nodes;
  const fields: FieldSpec[] = [
    fieldFromNodes(nodes, format, {
      name: "traits.name.first",
      label: common("firstName"),
      type: "text",
      autoComplete: "given-name",
      rule: "firstName",
      required: true,
    }),
    fieldFromNodes(nodes, format, {
      name: "traits.name.last",
      label: common("lastName"),
      type: "text",
      autoComplete: "family-name",
      rule: "lastName",
      required: true,
    }),
    fieldFromNodes(nodes, format, {
      name: "traits.email",
      label: common("email"),
      type: "email",
      inputMode: "email",
      autoComplete: "email",
      rule: "email",
      required: true,
      typoHint: true,
    }),
    ...newPasswordFields(nodes, format, {
      password: common("password"),
      repeatPassword: common("repeatPassword"),
    }),
  ];
  // The form decides its own fields; only hidden inputs (csrf_token) come from the nodes as
  // they are. Trait inputs turned hidden by a profile_first step are rendered as fields above.
  const shown = new Set(fields.map((spec) => spec.name));
  const hidden = hiddenFields(nodes).filter((hiddenField) => !shown.has(hiddenField.name));

  const client = clientOfFlow(flow);
  const onward = client
    ? (await getTranslations({ locale, namespace: "oauth2" }))("continueTo", { client })
    : undefined;
  return (
    <Screen
      title={t("title")}
      intro={[t("intro"), onward].filter(Boolean).join(" ")}
      messages={flow.ui.messages}
      captcha={await captchaOf(nodes, locale)}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      <SocialSection
        locale={locale}
        providers={socialProviders(nodes, format)}
        action={submitProvider}
        hidden={[
          ...hidden.filter((hiddenField) => hiddenField.name === "csrf_token"),
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
          { name: "kind", value: "registration" },
        ]}
        divider="after"
      />
      <FlowForm
        action={submitRegistration}
        label={t("title")}
        hidden={[...hidden, { name: "flow", value: flow.id }, { name: "locale", value: locale }]}
        fields={fields}
        submit={{ label: common("createAccount") }}
        errorTexts={await errorTexts(locale)}
        after={<PasskeyChoiceButton label={t("passkey.continue")} />}
      >
        <RegistrationTerms locale={locale} />
      </FlowForm>
      <p className="text-gray-700">
        {t("haveAccount")}{" "}
        <TextLink href={localizedHref(locale, "/login", challengeQuery(flow))} startsFlow>
          {common("logIn")}
        </TextLink>
      </p>
    </Screen>
  );
}

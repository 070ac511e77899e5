import { MessageId } from "@moos/contract";
import type { LoginFlow, UiText } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import {
  type FormatText,
  findInput,
  hasMessage,
  hiddenFields,
  nodeField,
  nodeValue,
} from "../../flow-engine/nodes";
import { followClientLanguage } from "../../flow-engine/oauth2/client-language.server";
import { challengeQuery, clientOfFlow } from "../../flow-engine/oauth2/login-challenge";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { offersPasskeyAutofill } from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import { type Locale, localizedHref } from "../../lib/locale";
import { suggestEmail } from "../../validation/email-typo";
import { SecondFactorScreen } from "../second-factor/second-factor-screen";
import { submitProvider } from "../social/actions";
import { isSocialOnlyStep, type SocialProvider, socialProviders } from "../social/social-nodes";
import { SocialSection } from "../social/social-section";
import { captchaOf } from "../ui/captcha.server";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen, ScreenRoot, TextLink } from "../ui/screen";
import { AccountLine } from "./account-line";
import { submitLogin } from "./actions";
import { isCodeStep, offersLoginCode } from "./code-login-nodes";
import { CodeLoginStep } from "./code-login-step";
import { LoginForm } from "./login-form";
import { PasskeyLogin } from "./passkey-login";

/** 4000010: the account's address is not verified yet. */
const ADDRESS_NOT_VERIFIED = MessageId.addressNotVerified;
/** 4000027 / 1010016: sign in to the existing account to link the social profile to it. */
const LINK_REQUIRED = [MessageId.accountExistsSignInToLink, MessageId.signInToLinkProfile];

/**
 * On the link step, 1010016 ("log in below to add Google") says what to do here; 4000027
 * ("log in and link it in Settings") is its generic twin and would contradict it: one alert.
 */
function linkStepMessages(messages: readonly UiText[] | undefined): readonly UiText[] | undefined {
  if (!messages || !hasMessage(messages, MessageId.signInToLinkProfile)) return messages;
  return messages.filter((message) => message.id !== MessageId.accountExistsSignInToLink);
}

const listLocales: Record<Locale, string> = { de: "de-DE", en: "en-GB" };

export async function LoginScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "login" });
  const social = await getTranslations({ locale, namespace: "social" });
  const common = await getTranslations({ locale, namespace: "common" });
  const loaded = await loadScreenFlow({
    flow: "login",
    screenPath: "/login",
    locale,
    query,
    fetch: (api, id) => api.getLoginFlow({ id }),
  });
  if (!loaded.flow) return <ScreenRoot locale={locale} title={t("title")} {...loaded.root} />;
  const { flow, error } = loaded;
  await followClientLanguage(flow, locale, "/login");
  // The second factor after the password, and the code step of passwordless sign-in.
  if (flow.requested_aal === "aal2") {
    return <SecondFactorScreen locale={locale} flow={flow} error={error} />;
  }
  if (isCodeStep(flow.ui.nodes)) return <CodeLoginStep locale={locale} flow={flow} error={error} />;

  const format = await kratosFormatter(locale);
  const nodes = flow.ui.nodes;
  const providers = socialProviders(nodes, format);
  const identifierNode = findInput(nodes, "identifier");
  const identifierValue = nodeValue(identifierNode) ?? "";
  // The account is given (re-authentication, or the one to link a social profile to): a
  // hidden identifier of the default group. Identifier-first keeps its own group.
  const identifierFixed =
    Boolean(identifierValue) && (flow.refresh === true || identifierNode?.group === "default");
  const wantsIdentifier = queryParam(query, "step") === "identifier" && !identifierFixed;
  const isLinking = LINK_REQUIRED.some((id) => hasMessage(flow.ui.messages, id));
  const socialOnly = isSocialOnlyStep(nodes) && !wantsIdentifier;
  const providerList = new Intl.ListFormat(listLocales[locale], { type: "disjunction" }).format(
    providers.map((provider) => provider.displayName),
  );
  const greeting = socialOnly && !identifierFixed;

  const title = isLinking
    ? social("link.title")
    : greeting
      ? social("greeting.title")
      : t(flow.refresh ? "refreshTitle" : "title");
  const client = clientOfFlow(flow);
  const onward = client
    ? (await getTranslations({ locale, namespace: "oauth2" }))("continueTo", { client })
    : undefined;
  const intro = isLinking
    ? undefined
    : greeting
      ? social("greeting.intro", { providers: providerList })
      : [t("intro"), onward].filter(Boolean).join(" ");
  const socialHidden = [
    ...hiddenFields(nodes).filter((field) => field.name === "csrf_token"),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
    { name: "kind", value: "login" },
  ];
  const changeEmailHref = localizedHref(locale, "/login", { flow: flow.id, step: "identifier" });

  return (
    <Screen
      title={title}
      intro={intro}
      messages={flow.ui.messages}
      captcha={await captchaOf(nodes, locale)}
    >
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={linkStepMessages(flow.ui.messages)} format={format} />
      {hasMessage(flow.ui.messages, ADDRESS_NOT_VERIFIED) ? (
        <Alert severity="info">
          <TextLink href={localizedHref(locale, "/verification")} startsFlow>
            {t("verifyNow")}
          </TextLink>
        </Alert>
      ) : null}
      {socialOnly ? (
        <>
          <AccountLine
            email={identifierValue}
            label={common("email")}
            changeHref={identifierFixed ? undefined : changeEmailHref}
            changeText={t("changeEmail")}
          />
          <SocialSection
            locale={locale}
            providers={providers}
            action={submitProvider}
            hidden={socialHidden}
          />
        </>
      ) : (
        <PasswordLogin
          locale={locale}
          flow={flow}
          format={format}
          providers={providers}
          socialHidden={socialHidden}
          identifierFixed={identifierFixed}
          wantsIdentifier={wantsIdentifier}
          changeEmailHref={changeEmailHref}
          typedEmail={wantsIdentifier ? queryParam(query, "email") : undefined}
        />
      )}
      <PasskeyLogin locale={locale} flow={flow} format={format} />
      {identifierFixed ? null : (
        <p className="text-gray-700">
          {t("noAccount")}{" "}
          <TextLink href={localizedHref(locale, "/registration", challengeQuery(flow))} startsFlow>
            {common("createAccount")}
          </TextLink>
        </p>
      )}
    </Screen>
  );
}

/** The email (and password) form, with the flow's social buttons next to its first step. */
async function PasswordLogin({
  locale,
  flow,
  format,
  providers,
  socialHidden,
  identifierFixed,
  wantsIdentifier,
  changeEmailHref,
  typedEmail,
}: {
  locale: Locale;
  flow: LoginFlow;
  format: FormatText;
  providers: readonly SocialProvider[];
  socialHidden: readonly { name: string; value: string }[];
  identifierFixed: boolean;
  wantsIdentifier: boolean;
  changeEmailHref: string;
  /** The address to start the email step with (the typo hint's "Übernehmen"). */
  typedEmail: string | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "login" });
  const common = await getTranslations({ locale, namespace: "common" });
  const nodes = flow.ui.nodes;
  const identifierNode = findInput(nodes, "identifier");
  const identifier = {
    ...(identifierNode ? nodeField(identifierNode, format) : undefined),
    name: "identifier",
    label: common("email"),
    type: "email",
    inputMode: "email",
    // A passkey may fill it (the browser's autofill, conditional mediation).
    autoComplete: offersPasskeyAutofill(nodes) ? "username webauthn" : "username",
    rule: "email",
    required: true,
    typoHint: true,
    ...(typedEmail ? { defaultValue: typedEmail } : {}),
  } as const;
  const passwordNode = findInput(nodes, "password");
  const password = {
    ...(passwordNode ? nodeField(passwordNode, format) : undefined),
    name: "password",
    label: common("password"),
    type: "password",
    autoComplete: "current-password",
    rule: "currentPassword",
    required: true,
  } as const;
  const initialStep = identifier.defaultValue && !wantsIdentifier ? "password" : "identifier";
  // The password step shows a likely typo in the address (also without JavaScript).
  const identifierSuggestion =
    initialStep === "password" && !identifierFixed
      ? (suggestEmail(identifier.defaultValue ?? "") ?? null)
      : undefined;

  return (
    <LoginForm
      action={submitLogin}
      hidden={[
        ...hiddenFields(nodes).filter((field) => field.name !== "identifier"),
        { name: "flow", value: flow.id },
        { name: "locale", value: locale },
        // Identifier-first: the email step asks the identity service what comes next.
        ...(identifierNode?.group === "identifier_first"
          ? [{ name: "identifierFirst", value: "true" }]
          : []),
      ]}
      identifier={identifier}
      password={password}
      initialStep={initialStep}
      identifierSuggestion={identifierSuggestion}
      identifierFixed={identifierFixed}
      changeEmailHref={changeEmailHref}
      forgotPasswordHref={localizedHref(locale, "/recovery")}
      reloadHref={config.publicBaseUrl}
      social={
        <SocialSection
          locale={locale}
          providers={providers}
          action={submitProvider}
          hidden={socialHidden}
          divider={initialStep === "identifier" ? "after" : "before"}
        />
      }
      texts={{
        continue: common("continue"),
        logIn: common("logIn"),
        changeEmail: t("changeEmail"),
        forgotPassword: common("forgotPassword"),
        formLabel: t("title"),
        ...(offersLoginCode(nodes)
          ? {
              useCode: (await getTranslations({ locale, namespace: "twoFactor" }))(
                "codeLogin.useCode",
              ),
            }
          : {}),
      }}
      errorTexts={await errorTexts(locale)}
      passkeys={nodes.some((node) => node.group === "passkey")}
    />
  );
}

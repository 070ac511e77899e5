import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { config } from "../../lib/config";
import { type Locale, localizedHref } from "../../lib/locale";
import { errorTexts, kratosFormatter } from "../i18n.server";
import { loadScreenFlow } from "../load-flow";
import { queryParam, type SearchParams } from "../screen-query";
import { findInput, hasMessage, hiddenFields, nodeField } from "../ui/nodes";
import { ErrorNotice, FlowMessages, Screen, ScreenRoot, TextLink } from "../ui/screen";
import { submitLogin } from "./actions";
import { LoginForm } from "./login-form";

/** 4000010: the account's address is not verified yet. */
const ADDRESS_NOT_VERIFIED = 4000010;

export async function LoginScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "login" });
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

  const format = await kratosFormatter(locale);
  const nodes = flow.ui.nodes;
  const identifierNode = findInput(nodes, "identifier");
  const identifier = {
    ...(identifierNode ? nodeField(identifierNode, format) : undefined),
    name: "identifier",
    label: common("email"),
    type: "email",
    inputMode: "email",
    autoComplete: "username",
    rule: "email",
    required: true,
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
  const identifierFixed = flow.refresh === true && Boolean(identifier.defaultValue);
  const wantsIdentifier = queryParam(query, "step") === "identifier" && !identifierFixed;
  const initialStep = identifier.defaultValue && !wantsIdentifier ? "password" : "identifier";

  return (
    <Screen title={t(flow.refresh ? "refreshTitle" : "title")} intro={t("intro")}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      {hasMessage(flow.ui.messages, ADDRESS_NOT_VERIFIED) ? (
        <Alert severity="info">
          <TextLink href={localizedHref(locale, "/verification")} startsFlow>
            {t("verifyNow")}
          </TextLink>
        </Alert>
      ) : null}
      <LoginForm
        action={submitLogin}
        hidden={[
          ...hiddenFields(nodes).filter((field) => field.name !== "identifier"),
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
        ]}
        identifier={identifier}
        password={password}
        initialStep={initialStep}
        identifierFixed={identifierFixed}
        changeEmailHref={localizedHref(locale, "/login", { flow: flow.id, step: "identifier" })}
        forgotPasswordHref={localizedHref(locale, "/recovery")}
        reloadHref={config.publicBaseUrl}
        texts={{
          continue: common("continue"),
          logIn: common("logIn"),
          changeEmail: t("changeEmail"),
          forgotPassword: common("forgotPassword"),
          formLabel: t("title"),
        }}
        errorTexts={await errorTexts(locale)}
      />
      <p className="text-gray-700">
        {t("noAccount")}{" "}
        <TextLink href={localizedHref(locale, "/registration")} startsFlow>
          {common("createAccount")}
        </TextLink>
      </p>
    </Screen>
  );
}

// `/passkey`: the offer of a passkey after a password sign-in (docs/web-app.md#passkey-offer),
// where the automatic upgrade did not happen. /api/redirect sends a customer here at most once
// a browser session, only from a device that can make one and with JavaScript on
// (offer-gate.server.ts); the settings flow it made comes along as `?flow=`. One question:
// "Passkey erstellen" (the browser's own dialog; the passkey is added as in settings) or
// "Später" (asked again in 30 days at the earliest). Afterwards the customer goes on to where
// the sign-in was going.

import type { SettingsFlow } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { findInput, hiddenFields, nodeValue } from "../../flow-engine/nodes";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { WebAuthnForm } from "../../flow-engine/webauthn/webauthn-form";
import { webAuthnScript, webAuthnTrigger } from "../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import type { Locale } from "../../lib/locale";
import { kratosFormatter } from "../ui/i18n.server";
import { LinkButton, Screen } from "../ui/screen";
import { createOfferedPasskey, declinePasskeyOffer } from "./offer-actions";
import { onwardHref } from "./onward";

async function settingsFlow(id: string): Promise<SettingsFlow | undefined> {
  const client = await createIdentityClient();
  try {
    return await client.call((api) => api.getSettingsFlow({ id }));
  } catch {
    return undefined;
  }
}

export async function PasskeyOfferScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "passkeyOffer" });
  const returnTo = queryParam(query, "return_to");
  const onward = onwardHref(returnTo);

  if (queryParam(query, "created")) {
    return (
      <Screen title={t("createdTitle")} intro={t("createdText")}>
        <LinkButton href={onward}>{t("continue")}</LinkButton>
      </Screen>
    );
  }

  // Without its flow, or for an account that has a passkey by now, there is nothing to offer.
  const flowId = queryParam(query, "flow");
  const flow = flowId ? await settingsFlow(flowId) : undefined;
  const nodes = flow?.ui.nodes ?? [];
  const format = await kratosFormatter(locale);
  const trigger = webAuthnTrigger(nodes, "passkey_register_trigger", format);
  const script = webAuthnScript(nodes, config.orySdkUrl);
  if (!flow || !trigger || !script || findInput(nodes, "passkey_remove")) redirect(onward);

  const twoFactor = await getTranslations({ locale, namespace: "twoFactor" });
  const base = [
    { name: "locale", value: locale },
    ...(returnTo ? [{ name: "return_to", value: returnTo }] : []),
  ];
  return (
    <Screen title={t("title")} intro={t("intro")}>
      {queryParam(query, "error") ? <Alert severity="error">{t("failed")}</Alert> : null}
      <div className="flex flex-col gap-3">
        <WebAuthnForm
          action={createOfferedPasskey}
          label={t("create")}
          hidden={[
            ...hiddenFields(nodes).filter((field) => field.name === "csrf_token"),
            { name: "flow", value: flow.id },
            ...base,
            {
              name: "passkey_create_data",
              value: nodeValue(findInput(nodes, "passkey_create_data")) ?? "",
            },
          ]}
          resultName="passkey_settings_register"
          trigger={{ ...trigger, label: t("create") }}
          script={script}
          noScriptText={twoFactor("passkey.noScript")}
          unavailableText={twoFactor("passkey.unavailable")}
          variant="primary"
        />
        <FlowForm
          action={declinePasskeyOffer}
          hidden={base}
          fields={[]}
          submit={{ label: t("later"), variant: "secondary" }}
          errorTexts={{}}
        />
      </div>
      <p className="text-gray-700">{t("laterHint")}</p>
    </Screen>
  );
}

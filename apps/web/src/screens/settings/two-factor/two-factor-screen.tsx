// `/settings/two-factor`: the authenticator app (TOTP), backup codes, security keys and
// passkeys of the signed-in customer, each as the settings flow offers it (groups totp,
// lookup_secret, webauthn, passkey). Every change goes through submitTwoFactor and comes back
// here with the flow's message (1050001 saved). All but adding a key work without JavaScript.

import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { HiddenField } from "../../../flow-engine/form/field-spec";
import { loadScreenFlow } from "../../../flow-engine/load-flow";
import { hiddenFields } from "../../../flow-engine/nodes";
import type { SearchParams } from "../../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../../lib/locale";
import { passkeySignalProps } from "../../passkey/passkey-signal-props";
import { PasskeySignals } from "../../passkey/passkey-signals";
import { codeErrorTexts } from "../../second-factor/second-factor-screen";
import { kratosFormatter } from "../../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen, ScreenRoot, TextLink } from "../../ui/screen";
import { BackupCodesSection } from "./backup-codes-section";
import { PasskeysSection } from "./passkeys-section";
import { TotpSection } from "./totp-section";

export async function TwoFactorScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  const loaded = await loadScreenFlow({
    flow: "settings",
    screenPath: "/settings",
    locale,
    query,
    fetch: (api, id) => api.getSettingsFlow({ id }),
  });
  if (!loaded.flow) {
    return <ScreenRoot locale={locale} title={t("settings.title")} {...loaded.root} />;
  }
  const { flow, error } = loaded;
  const format = await kratosFormatter(locale);
  const nodes = flow.ui.nodes;
  const base: HiddenField[] = [
    ...hiddenFields(nodes),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const errorTexts = await codeErrorTexts(locale);
  // Passkey managers in step with this list (a removal here shows at once).
  const signals = passkeySignalProps(flow);

  return (
    <Screen title={t("settings.title")} intro={t("settings.intro")} messages={flow.ui.messages}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      <TotpSection
        locale={locale}
        nodes={nodes}
        base={base}
        format={format}
        errorTexts={errorTexts}
      />
      <BackupCodesSection locale={locale} nodes={nodes} base={base} format={format} />
      <PasskeysSection locale={locale} kind="passkey" nodes={nodes} base={base} format={format} />
      <PasskeysSection locale={locale} kind="webauthn" nodes={nodes} base={base} format={format} />
      <p>
        <TextLink href={localizedHref(locale, "/settings")} startsFlow>
          {t("settings.backToSettings")}
        </TextLink>
      </p>
      {signals ? <PasskeySignals {...signals} /> : null}
    </Screen>
  );
}

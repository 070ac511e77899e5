// The settings screen's way to the two-factor screen, when the identity service offers a
// second factor (any node of the totp, lookup_secret, webauthn or passkey groups).

import type { SettingsFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizedHref } from "../../../lib/locale";
import { LinkButton } from "../../ui/screen";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../../ui/settings-card";
import { hasTwoFactorNodes } from "./two-factor-nodes";

export async function TwoFactorLink({
  locale,
  flow,
}: {
  locale: Locale;
  flow: SettingsFlow;
}): Promise<React.JSX.Element | null> {
  if (!hasTwoFactorNodes(flow.ui.nodes)) return null;
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  return (
    <section aria-labelledby="two-factor-title" className={SETTINGS_CARD}>
      <h2 id="two-factor-title" className={SETTINGS_CARD_TITLE}>
        {t("settings.title")}
      </h2>
      <p className="text-gray-700">{t("settings.intro")}</p>
      <LinkButton
        // A fresh flow, not this one: its messages ("saved") belong to this screen only.
        href={localizedHref(locale, "/settings/two-factor")}
        variant="secondary"
        startsFlow
      >
        {t("settings.open")}
      </LinkButton>
    </section>
  );
}

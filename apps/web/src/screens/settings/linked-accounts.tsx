// Linked accounts in settings (group oidc): every provider with its state and a button to link
// it or to remove the link. The identity service leaves out the remove button while a link is
// the only way in, so the screen never offers to lock the customer out.

import type { SettingsFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type FormatText, hiddenFields } from "../../flow-engine/nodes";
import type { Locale } from "../../lib/locale";
import { SocialForm } from "../social/social-form";
import { socialProviders } from "../social/social-nodes";
import { socialButtonSpecs } from "../social/social-section";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { submitLinkedAccount } from "./actions";

export async function LinkedAccountsSection({
  locale,
  flow,
  format,
}: {
  locale: Locale;
  flow: SettingsFlow;
  format: FormatText;
}): Promise<React.JSX.Element | null> {
  const providers = socialProviders(flow.ui.nodes, format);
  if (providers.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "social" });
  const specs = await socialButtonSpecs(locale, providers);
  return (
    <section aria-labelledby="linked-accounts-title" className={SETTINGS_CARD}>
      <h2 id="linked-accounts-title" className={SETTINGS_CARD_TITLE}>
        {t("settings.title")}
      </h2>
      <p className="text-gray-700">{t("settings.intro")}</p>
      <SocialForm
        action={submitLinkedAccount}
        label={t("settings.title")}
        hidden={[
          ...hiddenFields(flow.ui.nodes),
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
        ]}
        buttons={specs.map((spec, index) => ({
          ...spec,
          row: {
            title: providers[index]?.displayName ?? spec.id,
            status: t(spec.name === "unlink" ? "settings.linked" : "settings.notLinked"),
          },
        }))}
      />
    </section>
  );
}

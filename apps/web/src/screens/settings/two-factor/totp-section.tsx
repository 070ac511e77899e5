// The authenticator app (group totp): set up with the QR code (or the secret typed in by
// hand) and the app's first code, or removed.

import type { UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { HiddenField } from "../../../flow-engine/form/field-spec";
import { FlowForm } from "../../../flow-engine/form/flow-form";
import { type FormatText, nodeField } from "../../../flow-engine/nodes";
import type { Locale } from "../../../lib/locale";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../../ui/settings-card";
import { submitTwoFactor } from "./actions";
import { totpState } from "./two-factor-nodes";

export async function TotpSection({
  locale,
  nodes,
  base,
  format,
  errorTexts,
}: {
  locale: Locale;
  nodes: readonly UiNode[];
  base: readonly HiddenField[];
  format: FormatText;
  errorTexts: Readonly<Record<string, string>>;
}): Promise<React.JSX.Element | null> {
  const state = totpState(nodes, format);
  if (!state) return null;
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  const common = await getTranslations({ locale, namespace: "common" });
  const hidden = [...base, { name: "method", value: "totp" }];

  return (
    <section aria-labelledby="totp-title" className={SETTINGS_CARD}>
      <h2 id="totp-title" className={SETTINGS_CARD_TITLE}>
        {t("settings.totpTitle")}
      </h2>
      <p className="text-gray-700">{t("settings.totpIntro")}</p>
      {state.kind === "enabled" ? (
        <>
          <p className="font-medium text-gray-900">{t("settings.totpEnabled")}</p>
          <FlowForm
            action={submitTwoFactor}
            label={state.unlinkLabel}
            hidden={hidden}
            fields={[]}
            submit={{
              label: state.unlinkLabel,
              name: "totp_unlink",
              value: "true",
              variant: "secondary",
            }}
            errorTexts={errorTexts}
          />
        </>
      ) : (
        <>
          <p className="text-gray-700">{t("settings.totpScan")}</p>
          {/* A data: URL from the identity service: next/image cannot optimise it. */}
          {/* biome-ignore lint/performance/noImgElement: an inline data URL, nothing to optimise. */}
          <img
            src={state.qr.src}
            width={state.qr.width}
            height={state.qr.height}
            alt={state.qrLabel}
            className="h-48 w-48 self-start rounded-control border border-gray-300 bg-white p-2"
          />
          <dl className="flex flex-col gap-1">
            <dt className="font-medium text-gray-900">{t("settings.totpSecretLabel")}</dt>
            <dd className="break-all rounded-control bg-beige-100 px-3 py-2 font-mono text-gray-900">
              {state.secret}
            </dd>
          </dl>
          <FlowForm
            action={submitTwoFactor}
            label={t("settings.totpTitle")}
            hidden={hidden}
            fields={[
              nodeField(state.codeNode, format, {
                label: t("settings.totpCodeLabel"),
                type: "text",
                inputMode: "numeric",
                autoComplete: "one-time-code",
                rule: "oneTimeCode",
                required: true,
                defaultValue: "",
              }),
            ]}
            submit={{ label: common("save") }}
            errorTexts={errorTexts}
          />
        </>
      )}
    </section>
  );
}

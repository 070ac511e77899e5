// Passkeys (group passkey) and security keys (group webauthn): the ones set up, each with a
// remove button (a plain form), and adding one, which needs JavaScript (webauthn.js asks the
// browser for the new credential).

import type { UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import type { HiddenField } from "../../../flow-engine/form/field-spec";
import { FlowForm } from "../../../flow-engine/form/flow-form";
import { type FormatText, findInput, nodeField, nodeValue } from "../../../flow-engine/nodes";
import { WebAuthnForm } from "../../../flow-engine/webauthn/webauthn-form";
import {
  removableKeys,
  webAuthnScript,
  webAuthnTrigger,
} from "../../../flow-engine/webauthn/webauthn-nodes";
import { config } from "../../../lib/config";
import type { Locale } from "../../../lib/locale";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../../ui/settings-card";
import { submitTwoFactor } from "./actions";

const KINDS = {
  passkey: {
    remove: "passkey_remove",
    trigger: "passkey_register_trigger",
    result: "passkey_settings_register",
    title: "settings.passkeysTitle",
    intro: "settings.passkeysIntro",
  },
  webauthn: {
    remove: "webauthn_remove",
    trigger: "webauthn_register_trigger",
    result: "webauthn_register",
    title: "settings.keysTitle",
    intro: "settings.keysIntro",
  },
} as const;

export async function PasskeysSection({
  locale,
  kind,
  nodes,
  base,
  format,
}: {
  locale: Locale;
  kind: keyof typeof KINDS;
  nodes: readonly UiNode[];
  base: readonly HiddenField[];
  format: FormatText;
}): Promise<React.JSX.Element | null> {
  const names = KINDS[kind];
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  const keys = removableKeys(nodes, names.remove, format, t("settings.unnamedKey"));
  const trigger = webAuthnTrigger(nodes, names.trigger, format);
  const script = webAuthnScript(nodes, config.orySdkUrl);
  if (keys.length === 0 && !trigger) return null;
  const hidden = [...base, { name: "method", value: kind }];
  const titleId = `${kind}-title`;
  const nameNode = findInput(nodes, "webauthn_register_displayname");

  return (
    <section aria-labelledby={titleId} className={SETTINGS_CARD}>
      <h2 id={titleId} className={SETTINGS_CARD_TITLE}>
        {t(names.title)}
      </h2>
      <p className="text-gray-700">{t(names.intro)}</p>
      {keys.length === 0 ? (
        <p className="text-gray-700">{t("settings.noKeys")}</p>
      ) : (
        <ul
          aria-label={`${t(names.title)}: ${t("settings.keyListLabel")}`}
          className="flex flex-col gap-3"
        >
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3">
              <span className="font-semibold text-gray-900">{key.displayName}</span>
              <FlowForm
                action={submitTwoFactor}
                label={key.label}
                hidden={hidden}
                fields={[]}
                submit={{
                  label: key.label,
                  name: names.remove,
                  value: key.id,
                  variant: "secondary",
                }}
                errorTexts={{}}
              />
            </li>
          ))}
        </ul>
      )}
      {trigger && script ? (
        <WebAuthnForm
          action={submitTwoFactor}
          label={trigger.label}
          hidden={[
            ...hidden,
            ...(kind === "passkey"
              ? [
                  {
                    name: "passkey_create_data",
                    value: nodeValue(findInput(nodes, "passkey_create_data")) ?? "",
                  },
                ]
              : []),
          ]}
          resultName={names.result}
          trigger={trigger}
          script={script}
          fields={
            kind === "webauthn" && nameNode
              ? [
                  nodeField(nameNode, format, {
                    label: t("settings.keyNameLabel"),
                    type: "text",
                    required: true,
                  }),
                ]
              : []
          }
          noScriptText={t("passkey.noScript")}
          unavailableText={t("passkey.unavailable")}
        />
      ) : null}
    </section>
  );
}

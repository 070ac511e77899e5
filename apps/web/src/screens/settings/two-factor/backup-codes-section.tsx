// Backup codes (group lookup_secret): create them, see them, download them as a text file,
// confirm that they are kept, create new ones, turn them off. Each button is a plain form.

import type { UiNode } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { buttonVariants } from "../../../components/button";
import type { HiddenField } from "../../../flow-engine/form/field-spec";
import { FlowForm } from "../../../flow-engine/form/flow-form";
import type { FormatText } from "../../../flow-engine/nodes";
import type { Locale } from "../../../lib/locale";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../../ui/settings-card";
import { submitTwoFactor } from "./actions";
import { backupCodesFile, backupCodesState } from "./two-factor-nodes";

export async function BackupCodesSection({
  locale,
  nodes,
  base,
  format,
}: {
  locale: Locale;
  nodes: readonly UiNode[];
  base: readonly HiddenField[];
  format: FormatText;
}): Promise<React.JSX.Element | null> {
  const state = backupCodesState(nodes, format);
  if (!state) return null;
  const t = await getTranslations({ locale, namespace: "twoFactor" });
  const hidden = [...base, { name: "method", value: "lookup_secret" }];
  const confirming = state.actions.some((action) => action.name === "lookup_secret_confirm");
  const file = state.codes ? backupCodesFile(state.codes, t("settings.downloadHeader")) : "";

  return (
    <section aria-labelledby="backup-codes-title" className={SETTINGS_CARD}>
      <h2 id="backup-codes-title" className={SETTINGS_CARD_TITLE}>
        {t("settings.backupTitle")}
      </h2>
      <p className="text-gray-700">{t("settings.backupIntro")}</p>
      {state.codes ? (
        <>
          {confirming ? (
            <p className="font-medium text-gray-900">{t("settings.backupNew")}</p>
          ) : null}
          <ul
            aria-label={t("settings.backupListLabel")}
            className="grid grid-cols-2 gap-2 rounded-control bg-beige-100 p-4 font-mono text-gray-900"
          >
            {state.codes.map((entry, index) => (
              // Codes are unique; used ones have no code left, so the position keys them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={index}>
                {entry.code ??
                  (entry.masked ? (
                    <span>
                      <span aria-hidden="true">••••••••</span>
                      <span className="sr-only">{t("settings.backupHidden")}</span>
                    </span>
                  ) : (
                    <span className="font-sans text-gray-700">{entry.usedText}</span>
                  ))}
              </li>
            ))}
          </ul>
          {state.codes.some((entry) => entry.code) ? (
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
              download={t("settings.downloadFileName")}
              className={buttonVariants({ variant: "secondary" })}
            >
              {t("settings.download")}
            </a>
          ) : (
            <p className="text-gray-700">{t("settings.backupHiddenNote")}</p>
          )}
        </>
      ) : null}
      {state.actions.map((action) => (
        <FlowForm
          key={action.name}
          action={submitTwoFactor}
          label={action.label}
          hidden={hidden}
          fields={[]}
          submit={{
            label: action.label,
            name: action.name,
            value: "true",
            variant: action.name === "lookup_secret_confirm" ? "primary" : "secondary",
          }}
          errorTexts={{}}
        />
      ))}
    </section>
  );
}

// The safe email change in settings (docs/account-safety.md#safe-email-change): while a new address waits for its code, the
// identity service adds to the profile group a text node (`email_change_pending`), the code
// field and three submits: confirm, send again, cancel. Until the code comes back, the old
// address is the one to log in with; the section says so.

import type { SettingsFlow, UiNodeTextAttributes } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { EmailTypoNote } from "../../components/email-typo-hint";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { type FormatText, fieldFromNodes, hiddenFields } from "../../flow-engine/nodes";
import { type Locale, localizedHref } from "../../lib/locale";
import { suggestEmail } from "../../validation/email-typo";
import { errorTexts } from "../ui/i18n.server";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import {
  cancelEmailChange,
  confirmEmailChange,
  resendEmailChangeCode,
} from "./email-change-actions";

const PENDING_NODE = "email_change_pending";
export const EMAIL_CHANGE_CODE = "email_change_code";

function pendingText(flow: SettingsFlow): UiNodeTextAttributes["text"] | undefined {
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as { node_type?: string; id?: string };
    if (attributes.node_type === "text" && attributes.id === PENDING_NODE)
      return (node.attributes as UiNodeTextAttributes).text;
  }
  return undefined;
}

export async function EmailChangeSection({
  locale,
  flow,
  format,
}: {
  locale: Locale;
  flow: SettingsFlow;
  format: FormatText;
}): Promise<React.JSX.Element | null> {
  const pending = pendingText(flow);
  if (!pending) return null;
  const newAddress = (pending.context as { new_address?: unknown } | undefined)?.new_address;
  const t = await getTranslations({ locale, namespace: "settings" });
  const hidden = [
    ...hiddenFields(flow.ui.nodes),
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];
  const code = fieldFromNodes(flow.ui.nodes, format, {
    name: EMAIL_CHANGE_CODE,
    label: t("emailChange.codeLabel"),
    type: "text",
    inputMode: "numeric",
    autoComplete: "one-time-code",
    maxLength: 6,
    required: true,
    rule: "verificationCode",
  });
  return (
    <section aria-labelledby="email-change-title" className={SETTINGS_CARD}>
      <h2 id="email-change-title" className={SETTINGS_CARD_TITLE}>
        {t("emailChange.title")}
      </h2>
      <Alert severity="info">{format(pending)}</Alert>
      {/* A typo in the new address: settings again with the address meant in the field. */}
      {typeof newAddress === "string" ? (
        <EmailTypoNote
          email={newAddress}
          suggestion={suggestEmail(newAddress) ?? null}
          takeHref={localizedHref(locale, "/settings")}
        />
      ) : null}
      <FlowForm
        action={confirmEmailChange}
        label={t("emailChange.title")}
        hidden={hidden}
        fields={[code]}
        submit={{ label: t("emailChange.confirm") }}
        errorTexts={await errorTexts(locale)}
      />
      <div className="flex flex-wrap gap-3">
        <FlowForm
          action={resendEmailChangeCode}
          hidden={hidden}
          fields={[]}
          submit={{ label: t("emailChange.resend"), variant: "secondary" }}
          errorTexts={{}}
        />
        <FlowForm
          action={cancelEmailChange}
          hidden={hidden}
          fields={[]}
          submit={{ label: t("emailChange.cancel"), variant: "secondary" }}
          errorTexts={{}}
        />
      </div>
    </section>
  );
}

// Right after a password change (the settings flow answered success for method password): the
// offer to log out every other device, where an old login would otherwise carry on.

import type { SettingsFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import type { Locale } from "../../lib/locale";
import { revokeOtherSessions } from "./actions";

export async function SignOutOthersOffer({
  locale,
  flow,
}: {
  locale: Locale;
  flow: SettingsFlow;
}): Promise<React.JSX.Element | null> {
  if (flow.state !== "success" || flow.active !== "password") return null;
  const t = await getTranslations({ locale, namespace: "settings" });
  return (
    // The question the password change leaves open is where the screen starts after it
    // (data-step-start, screen-focus.tsx): focused, the region is read with its question.
    <section
      aria-label={t("signOutOthers.button")}
      aria-describedby="sign-out-others-text"
      data-step-start
      className="flex flex-col gap-3"
    >
      <Alert severity="info" id="sign-out-others-text">
        {t("signOutOthers.text")}
      </Alert>
      <FlowForm
        action={revokeOtherSessions}
        hidden={[
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
        ]}
        fields={[]}
        submit={{ label: t("signOutOthers.button") }}
        errorTexts={{}}
      />
    </section>
  );
}

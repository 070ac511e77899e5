import { MessageId } from "@moos/contract";
import type { UiNode } from "@ory/client-fetch";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { filterNodesByGroups } from "../../flow-engine/filter-nodes";
import type { FieldSpec } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { type TraitFieldOverrides, traitFieldOverrides } from "../../flow-engine/form/trait-fields";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import {
  type FormatText,
  hasMessage,
  hiddenFields,
  inputAttributes,
  nodeField,
} from "../../flow-engine/nodes";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { AccountDeleteSection } from "../account-delete/account-delete-section";
import { NewsletterSection } from "../newsletter/newsletter-section";
import { passkeySignalProps } from "../passkey/passkey-signal-props";
import { PasskeySignals } from "../passkey/passkey-signals";
import { RECOVERY_EMAIL_HEADER, recoveryEmail } from "../recovery/recovery-email";
import { loadAccountActivity } from "../security/account-activity.server";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, LinkButton, Screen, ScreenRoot } from "../ui/screen";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { SuccessNote } from "../ui/success-note";
import { logOut, submitProfile } from "./actions";
import { EmailChangeSection } from "./email-change-section";
import { LinkedAccountsSection } from "./linked-accounts";
import { SessionsSection } from "./sessions";
import { SignOutOthersOffer } from "./sign-out-others";
import { TwoFactorLink } from "./two-factor/two-factor-link";

/** 1060001: signed in by recovery; the password is to be changed now. */
const ACCOUNT_RECOVERED = MessageId.accountRecovered;

/** The profile group's inputs (the identity's traits), with our labels and rules where known. */
function profileFields(
  nodes: readonly UiNode[],
  format: FormatText,
  known: TraitFieldOverrides,
): FieldSpec[] {
  return filterNodesByGroups(nodes, {
    groups: ["profile"],
    withoutDefaultGroup: true,
    excludeAttributes: ["submit", "button", "hidden"],
  }).flatMap((node) => {
    const name = inputAttributes(node)?.name;
    return name ? [nodeField(node, format, known[name] ?? {})] : [];
  });
}

export async function SettingsScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "settings" });
  const common = await getTranslations({ locale, namespace: "common" });
  const notice = queryParam(query, "notice");
  const loaded = await loadScreenFlow({
    flow: "settings",
    screenPath: "/settings",
    locale,
    query,
    fetch: (api, id) => api.getSettingsFlow({ id }),
  });
  if (!loaded.flow) return <ScreenRoot locale={locale} title={t("title")} {...loaded.root} />;
  const { flow, error } = loaded;
  if (hasMessage(flow.ui.messages, ACCOUNT_RECOVERED)) {
    redirect(localizedHref(locale, "/settings/password", { flow: flow.id }));
  }

  const format = await kratosFormatter(locale);
  // The address meant, from an email typo hint (`/settings?email=`): the new address to save.
  const newEmail = recoveryEmail((await headers()).get(RECOVERY_EMAIL_HEADER));
  const overrides = traitFieldOverrides(common);
  const fields = profileFields(
    flow.ui.nodes,
    format,
    newEmail
      ? {
          ...overrides,
          "traits.email": { ...overrides["traits.email"], defaultValue: newEmail },
        }
      : overrides,
  );
  const activity = await loadAccountActivity();
  const signals = passkeySignalProps(flow);
  const base = [
    { name: "flow", value: flow.id },
    { name: "locale", value: locale },
  ];

  return (
    <Screen title={t("title")} messages={flow.ui.messages}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      {notice === "session_revoked" || notice === "sessions_revoked" ? (
        <SuccessNote
          id={`settings-${notice}`}
          title={t(
            notice === "session_revoked" ? "notices.sessionRevoked" : "notices.sessionsRevoked",
          )}
        />
      ) : null}
      {/* Back from a session action (`notice`), the flow's messages are an earlier submit's. */}
      {notice ? null : <FlowMessages messages={flow.ui.messages} format={format} />}
      {notice ? null : <SignOutOthersOffer locale={locale} flow={flow} />}

      <section aria-labelledby="profile-title" className={SETTINGS_CARD}>
        <h2 id="profile-title" className={SETTINGS_CARD_TITLE}>
          {t("profileTitle")}
        </h2>
        <FlowForm
          action={submitProfile}
          label={t("profileTitle")}
          hidden={[...hiddenFields(flow.ui.nodes), ...base]}
          fields={fields}
          submit={{ label: common("save") }}
          errorTexts={await errorTexts(locale)}
        />
      </section>

      <EmailChangeSection locale={locale} flow={flow} format={format} />

      <section aria-labelledby="password-title" className={SETTINGS_CARD}>
        <h2 id="password-title" className={SETTINGS_CARD_TITLE}>
          {common("password")}
        </h2>
        <p className="text-gray-700">{t("passwordIntro")}</p>
        <LinkButton
          // A fresh flow: this one's messages ("saved") must not show again there.
          href={localizedHref(locale, "/settings/password")}
          variant="secondary"
          startsFlow
        >
          {t("changePassword")}
        </LinkButton>
      </section>

      <TwoFactorLink locale={locale} flow={flow} />

      <LinkedAccountsSection locale={locale} flow={flow} format={format} />

      <SessionsSection
        locale={locale}
        flowId={flow.id}
        activity={activity.kind === "ok" ? activity.activity.sessions : undefined}
      />

      {activity.kind === "ok" ? (
        <section aria-labelledby="activity-title" className={SETTINGS_CARD}>
          <h2 id="activity-title" className={SETTINGS_CARD_TITLE}>
            {t("activityTitle")}
          </h2>
          <p className="text-gray-700">{t("activityIntro")}</p>
          <LinkButton href={localizedHref(locale, "/settings/activity")} variant="secondary">
            {t("activityLink")}
          </LinkButton>
        </section>
      ) : null}

      <NewsletterSection
        locale={locale}
        flowId={flow.id}
        identityId={flow.identity?.id}
        notice={notice}
      />

      <section aria-labelledby="logout-title" className={SETTINGS_CARD}>
        <h2 id="logout-title" className={SETTINGS_CARD_TITLE}>
          {t("logOutTitle")}
        </h2>
        <FlowForm
          action={logOut}
          hidden={base}
          fields={[]}
          submit={{ label: common("logOut"), variant: "secondary" }}
          errorTexts={{}}
        />
      </section>

      <AccountDeleteSection locale={locale} />
      {signals ? <PasskeySignals {...signals} /> : null}
    </Screen>
  );
}

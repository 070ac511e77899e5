// Active sessions (PROTOCOL.md §2 Sessions): this device first, then the others, each with a
// button to sign it out, and one to sign out all others.

import type { Session } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { timeZone } from "../../i18n/routing";
import { createIdentityClient } from "../../lib/identity.server";
import type { Locale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { FlowForm } from "../form/flow-form";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { revokeOtherSessions, revokeSession } from "./actions";
import { describeDevice } from "./device";

async function loadSessions(): Promise<{ current: Session; others: Session[] } | undefined> {
  const client = await createIdentityClient();
  try {
    const [current, others] = await Promise.all([
      client.call((api) => api.toSession()),
      client.call((api) => api.listMySessions()),
    ]);
    return { current, others: others.filter((session) => session.id !== current.id) };
  } catch (error) {
    await reportError(error, { flow: "settings", part: "sessions" });
    return undefined;
  }
}

export async function SessionsSection({
  locale,
  flowId,
}: {
  locale: Locale;
  flowId: string;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "settings" });
  const sessions = await loadSessions();
  const dateFormat = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  const hidden = [
    { name: "flow", value: flowId },
    { name: "locale", value: locale },
  ];

  function describeSession(session: Session): { name: string; details: string } {
    const device = session.devices?.[0];
    const name = describeDevice(device?.user_agent) ?? t("unknownDevice");
    const since = session.authenticated_at ?? session.issued_at;
    const details = [
      since ? t("signedInSince", { date: dateFormat.format(new Date(since)) }) : undefined,
      device?.location,
      device?.ip_address,
    ]
      .filter(Boolean)
      .join(" · ");
    return { name, details };
  }

  return (
    <section aria-labelledby="sessions-title" className={SETTINGS_CARD}>
      <h2 id="sessions-title" className={SETTINGS_CARD_TITLE}>
        {t("sessionsTitle")}
      </h2>
      {sessions ? (
        <>
          <ul className="flex flex-col gap-3">
            {[sessions.current, ...sessions.others].map((session) => {
              const { name, details } = describeSession(session);
              const isCurrent = session.id === sessions.current.id;
              return (
                <li
                  key={session.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-gray-300 p-4"
                >
                  <div className="flex min-w-0 flex-col">
                    <p className="font-medium text-gray-900">
                      {name}
                      {isCurrent ? (
                        <span className="ml-2 text-sm text-green-800">({t("thisDevice")})</span>
                      ) : null}
                    </p>
                    {details ? <p className="text-sm text-gray-700">{details}</p> : null}
                  </div>
                  {isCurrent ? null : (
                    <FlowForm
                      action={revokeSession}
                      hidden={[...hidden, { name: "session", value: session.id }]}
                      fields={[]}
                      submit={{
                        label: t("revokeDevice"),
                        variant: "secondary",
                        ariaLabel: t("revokeDeviceNamed", { device: name }),
                      }}
                      errorTexts={{}}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {sessions.others.length > 0 ? (
            <FlowForm
              action={revokeOtherSessions}
              hidden={hidden}
              fields={[]}
              submit={{ label: t("revokeOthers"), variant: "secondary" }}
              errorTexts={{}}
            />
          ) : (
            <p className="text-gray-700">{t("noOtherSessions")}</p>
          )}
        </>
      ) : (
        <Alert severity="warning">{t("sessionsUnavailable")}</Alert>
      )}
    </section>
  );
}

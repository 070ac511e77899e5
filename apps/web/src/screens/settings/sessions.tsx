// Active sessions (docs/protocol.md#session-endpoints): this device first, then the others, each with
// browser, operating system, address and last activity, a button to sign it out, and one to
// sign out all others. Our identity service tells the last activity and names browser and
// system (GET /self-service/security/activity); against Kratos the SDK's session list is read
// and the device named from its User-Agent here.

import type { Session } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { timeZone } from "../../i18n/routing";
import { createIdentityClient } from "../../lib/identity.server";
import type { Locale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import type { SessionActivity } from "../security/account-activity.server";
import { deviceName } from "../security/event-text";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { revokeOtherSessions, revokeSession } from "./actions";
import { describeDevice } from "./device";

interface DeviceItem {
  id: string;
  current: boolean;
  name: string | undefined;
  ip: string | undefined;
  since: string | undefined;
  lastActive: string | undefined;
}

function fromActivity(sessions: readonly SessionActivity[]): DeviceItem[] {
  return sessions.map((session) => ({
    id: session.id,
    current: session.current,
    name: deviceName(session),
    ip: session.ip_address || undefined,
    since: session.authenticated_at,
    lastActive: session.last_active_at,
  }));
}

function fromSession(session: Session, current: boolean): DeviceItem {
  const device = session.devices?.[0];
  const since = session.authenticated_at ?? session.issued_at;
  return {
    id: session.id,
    current,
    name: describeDevice(device?.user_agent),
    ip: device?.ip_address,
    since: since ? new Date(since).toISOString() : undefined,
    lastActive: undefined,
  };
}

async function loadSessionsFromSdk(): Promise<DeviceItem[] | undefined> {
  const client = await createIdentityClient();
  try {
    const [current, others] = await Promise.all([
      client.call((api) => api.toSession()),
      client.call((api) => api.listMySessions()),
    ]);
    return [
      fromSession(current, true),
      ...others.filter((s) => s.id !== current.id).map((s) => fromSession(s, false)),
    ];
  } catch (error) {
    await reportError(error, { flow: "settings", part: "sessions" });
    return undefined;
  }
}

export async function SessionsSection({
  locale,
  flowId,
  activity,
}: {
  locale: Locale;
  flowId: string;
  /** The sessions our identity service described, when it did. */
  activity: readonly SessionActivity[] | undefined;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "settings" });
  const devices = activity ? fromActivity(activity) : await loadSessionsFromSdk();
  const dateFormat = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
  const hidden = [
    { name: "flow", value: flowId },
    { name: "locale", value: locale },
  ];
  const others = devices?.filter((device) => !device.current) ?? [];

  function details(device: DeviceItem): string {
    return [
      device.lastActive
        ? t("lastActive", { date: dateFormat.format(new Date(device.lastActive)) })
        : device.since
          ? t("signedInSince", { date: dateFormat.format(new Date(device.since)) })
          : undefined,
      device.ip,
    ]
      .filter(Boolean)
      .join(" · ");
  }

  return (
    <section aria-labelledby="sessions-title" className={SETTINGS_CARD}>
      <h2 id="sessions-title" className={SETTINGS_CARD_TITLE}>
        {t("sessionsTitle")}
      </h2>
      {devices ? (
        <>
          <ul className="flex flex-col gap-3">
            {[...devices.filter((d) => d.current), ...others].map((device) => {
              const name = device.name ?? t("unknownDevice");
              const text = details(device);
              return (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-gray-300 p-4"
                >
                  <div className="flex min-w-0 flex-col">
                    <p className="font-medium text-gray-900">
                      {name}
                      {/* A real space: a margin alone is read as "Linux(dieses Gerät)". */}
                      {device.current ? (
                        <>
                          {" "}
                          <span className="ml-1 text-sm text-green-800">({t("thisDevice")})</span>
                        </>
                      ) : null}
                    </p>
                    {text ? <p className="text-sm text-gray-700">{text}</p> : null}
                  </div>
                  {device.current ? null : (
                    <FlowForm
                      action={revokeSession}
                      hidden={[...hidden, { name: "session", value: device.id }]}
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
          {others.length > 0 ? (
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

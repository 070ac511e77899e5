// How an activity entry reads: what happened (in the `security` namespace's words), and the
// device it came from ("Firefox · Windows").

import type { ActivityEntry } from "./account-activity.server";

// A method's parameters compare bivariantly, so next-intl's translators (typed with the literal
// keys of the namespace) fit as well as plain ones (as in i18n/format-ui-text.ts).
interface TranslateMethod {
  translate(key: string, values?: Record<string, string | number>): string;
}
type Translate = TranslateMethod["translate"];

function detail(entry: ActivityEntry, key: string): string {
  const value = entry.details[key];
  return typeof value === "string" ? value : "";
}

export function eventTitle(t: Translate, entry: ActivityEntry): string {
  const method = detail(entry, "method");
  const methods: Record<string, string> = {
    totp: t("methods.totp"),
    lookup_secret: t("methods.lookup_secret"),
    webauthn: t("methods.webauthn"),
  };
  return t(`events.${entry.type}`, {
    count: entry.count ?? 0,
    method:
      method === "webauthn" && detail(entry, "name")
        ? `${methods.webauthn} (${detail(entry, "name")})`
        : (methods[method] ?? method),
    name: detail(entry, "name"),
    provider: detail(entry, "provider_label") || detail(entry, "provider"),
    newAddress: detail(entry, "new_address"),
    scope: detail(entry, "scope"),
  });
}

export function deviceName(entry: { browser?: string; os?: string }): string | undefined {
  const parts = [entry.browser, entry.os].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

export function dateTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  });
}

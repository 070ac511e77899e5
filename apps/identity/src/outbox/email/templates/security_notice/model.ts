import type { SecurityEventType } from "../../../../security/records.ts";
import type { EmailLocale } from "../template.ts";

/** The model of a security notice (docs/account-safety.md#security-notices): what happened, when, where, and the link. */
export type SecurityNoticeModel = {
  event: SecurityEventType;
  /** ISO 8601; written in `time_zone` in the customer's language. */
  occurred_at: string;
  time_zone: string;
  browser?: string;
  os?: string;
  ip_address: string;
  /** method (totp, lookup_secret, webauthn), name, provider_label, old/new_address. */
  details: Record<string, unknown>;
  /**
   * "This wasn't me", or after a completed email change the link that undoes it. None when the
   * customer could not use it (a locked account cannot sign in to set a new password).
   */
  link_url?: string;
  link_valid_days: number;
  activity_url: string;
};

// Making an Intl.DateTimeFormat costs about 0.1 ms (it loads the locale's and the time zone's
// data) and a notice formats its time in the text and in the HTML, on the sign-in's own request
// (the benchmark's login profile: formatNoticeTime was the service's top JavaScript function per
// new-device sign-in). So each locale and time zone gets one, kept; the time zones come from
// the configuration, a handful at most.
const formats = new Map<string, Intl.DateTimeFormat>();

function noticeTimeFormat(locale: EmailLocale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
      timeZone,
      day: locale === "de" ? "2-digit" : "numeric",
      month: locale === "de" ? "2-digit" : "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
    formats.set(key, format);
  }
  return format;
}

/** "22.11.2026, 14:05 MEZ" / "22 November 2026 at 14:05 CET". */
export function formatNoticeTime(locale: EmailLocale, model: SecurityNoticeModel): string {
  return noticeTimeFormat(locale, model.time_zone).format(new Date(model.occurred_at));
}

/** A time the notice names besides its own (a lock's end), written like `formatNoticeTime`. */
export function formatNoticeInstant(
  locale: EmailLocale,
  model: SecurityNoticeModel,
  iso: string,
): string {
  return noticeTimeFormat(locale, model.time_zone).format(new Date(iso));
}

/** A detail the notice names, as text (empty when the event has none). */
export function detail(model: SecurityNoticeModel, key: string): string {
  const value = model.details[key];
  return typeof value === "string" ? value : "";
}

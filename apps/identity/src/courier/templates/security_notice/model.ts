import type { SecurityEventType } from "../../../security/records.ts";
import type { EmailLocale } from "../template.ts";

/** The model of a security notice (issue 13): what happened, when, where, and the link. */
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
  /** "This wasn't me", or after a completed email change the link that undoes it. */
  link_url: string;
  link_valid_days: number;
  activity_url: string;
};

/** "22.11.2026, 14:05 MEZ" / "22 November 2026 at 14:05 CET". */
export function formatNoticeTime(locale: EmailLocale, model: SecurityNoticeModel): string {
  const at = new Date(model.occurred_at);
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    timeZone: model.time_zone,
    day: locale === "de" ? "2-digit" : "numeric",
    month: locale === "de" ? "2-digit" : "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}

/** A detail the notice names, as text (empty when the event has none). */
export function detail(model: SecurityNoticeModel, key: string): string {
  const value = model.details[key];
  return typeof value === "string" ? value : "";
}

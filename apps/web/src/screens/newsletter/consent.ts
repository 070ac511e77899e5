// The newsletter consent record kept in the identity's metadata_admin (docs/newsletter-deletion-migration.md#in-the-web-app):
// the answer, its time, the language and the version of the text the customer saw. Only the
// web app's server writes it, through the admin API; customers cannot touch metadata_admin.
// Consent counts only once the customer confirmed the email (double opt-in): `subscribed` is
// true only in status "subscribed".

import type { JsonPatch } from "@ory/client-fetch";
import type { Locale } from "../../lib/locale";

/**
 * The version of the consent text shown (newsletter.json's `question`/`gift` and the settings
 * section). Change it whenever those texts change, so the record says what was agreed to.
 */
export const NEWSLETTER_TEXT_VERSION = "2026-11-newsletter-v1";

/** How long a confirmation link stays valid. */
export const CONFIRMATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

export type ConsentStatus = "pending" | "subscribed" | "declined" | "withdrawn";
export type ConsentEvent = "requested" | "confirmed" | "declined" | "withdrawn";

export interface ConsentHistoryEntry {
  readonly event: ConsentEvent;
  readonly at: string;
  readonly locale: Locale;
  readonly text_version: string;
}

export interface PendingConfirmation {
  readonly token_sha256: string;
  readonly requested_at: string;
  readonly expires_at: string;
}

export interface ConsentRecord {
  readonly status: ConsentStatus;
  readonly subscribed: boolean;
  readonly pending: PendingConfirmation | null;
  readonly history: readonly ConsentHistoryEntry[];
}

/** What settings shows: subscribed, waiting for the email to be confirmed, or not subscribed. */
export type ConsentState = "subscribed" | "pending" | "unsubscribed";

const STATUSES: readonly string[] = ["pending", "subscribed", "declined", "withdrawn"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The record in metadata_admin, or undefined while the question is unanswered. */
export function readConsent(metadataAdmin: unknown): ConsentRecord | undefined {
  if (!isObject(metadataAdmin)) return undefined;
  const record = metadataAdmin.newsletter;
  if (!isObject(record) || typeof record.status !== "string") return undefined;
  if (!STATUSES.includes(record.status)) return undefined;
  return {
    status: record.status as ConsentStatus,
    subscribed: record.status === "subscribed",
    pending: isObject(record.pending) ? (record.pending as unknown as PendingConfirmation) : null,
    history: Array.isArray(record.history) ? (record.history as ConsentHistoryEntry[]) : [],
  };
}

export function consentState(record: ConsentRecord | undefined): ConsentState {
  if (record?.status === "subscribed") return "subscribed";
  if (record?.status === "pending") return "pending";
  return "unsubscribed";
}

export interface ConsentChange {
  readonly now: Date;
  readonly locale: Locale;
}

function entry(event: ConsentEvent, change: ConsentChange): ConsentHistoryEntry {
  return {
    event,
    at: change.now.toISOString(),
    locale: change.locale,
    text_version: NEWSLETTER_TEXT_VERSION,
  };
}

/** A yes: waiting for the confirmation email; only the hash of its token is kept. */
export function requestConsent(
  record: ConsentRecord | undefined,
  change: ConsentChange & { readonly tokenSha256: string },
): ConsentRecord {
  return {
    status: "pending",
    subscribed: false,
    pending: {
      token_sha256: change.tokenSha256,
      requested_at: change.now.toISOString(),
      expires_at: new Date(change.now.getTime() + CONFIRMATION_LIFETIME_MS).toISOString(),
    },
    history: [...(record?.history ?? []), entry("requested", change)],
  };
}

/** The link in the email was confirmed. */
export function confirmConsent(record: ConsentRecord, change: ConsentChange): ConsentRecord {
  return {
    status: "subscribed",
    subscribed: true,
    pending: null,
    history: [...record.history, entry("confirmed", change)],
  };
}

/** A no to the question. */
export function declineConsent(
  record: ConsentRecord | undefined,
  change: ConsentChange,
): ConsentRecord {
  return {
    status: "declined",
    subscribed: false,
    pending: null,
    history: [...(record?.history ?? []), entry("declined", change)],
  };
}

/** Withdrawn in settings: at once, also a subscription still waiting for its confirmation. */
export function withdrawConsent(record: ConsentRecord, change: ConsentChange): ConsentRecord {
  return {
    status: "withdrawn",
    subscribed: false,
    pending: null,
    history: [...record.history, entry("withdrawn", change)],
  };
}

/**
 * The JSON Patch that stores the record: `add` replaces an existing member, but
 * needs its parent, so a null metadata_admin is set as a whole.
 */
export function consentPatch(metadataAdmin: unknown, record: ConsentRecord): JsonPatch[] {
  if (!isObject(metadataAdmin)) {
    return [{ op: "add", path: "/metadata_admin", value: { newsletter: record } }];
  }
  return [{ op: "add", path: "/metadata_admin/newsletter", value: record }];
}

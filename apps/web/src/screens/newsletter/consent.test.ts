import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_LIFETIME_MS,
  confirmConsent,
  consentPatch,
  consentState,
  declineConsent,
  NEWSLETTER_TEXT_VERSION,
  readConsent,
  requestConsent,
  withdrawConsent,
} from "./consent";

const now = new Date("2026-11-22T10:00:00.000Z");
const later = new Date("2026-11-23T09:00:00.000Z");

describe("consent record", () => {
  it("is unanswered without a record and ignores anything malformed", () => {
    expect(readConsent(null)).toBeUndefined();
    expect(readConsent({})).toBeUndefined();
    expect(readConsent({ newsletter: { status: "maybe" } })).toBeUndefined();
    expect(consentState(undefined)).toBe("unsubscribed");
  });

  it("counts a yes only once confirmed (double opt-in), keeping every step in the history", () => {
    const pending = requestConsent(undefined, { now, locale: "de", tokenSha256: "ab" });
    expect(pending).toMatchObject({ status: "pending", subscribed: false });
    expect(pending.pending).toEqual({
      token_sha256: "ab",
      requested_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS).toISOString(),
    });
    expect(consentState(pending)).toBe("pending");

    const confirmed = confirmConsent(pending, { now: later, locale: "en" });
    expect(confirmed).toMatchObject({ status: "subscribed", subscribed: true, pending: null });
    expect(consentState(confirmed)).toBe("subscribed");
    expect(confirmed.history).toEqual([
      {
        event: "requested",
        at: now.toISOString(),
        locale: "de",
        text_version: NEWSLETTER_TEXT_VERSION,
      },
      {
        event: "confirmed",
        at: later.toISOString(),
        locale: "en",
        text_version: NEWSLETTER_TEXT_VERSION,
      },
    ]);
  });

  it("records a no and a withdrawal, which also cancels a pending confirmation", () => {
    const declined = declineConsent(undefined, { now, locale: "en" });
    expect(declined).toMatchObject({ status: "declined", subscribed: false, pending: null });
    const pending = requestConsent(declined, { now, locale: "de", tokenSha256: "cd" });
    const withdrawn = withdrawConsent(pending, { now: later, locale: "de" });
    expect(withdrawn).toMatchObject({ status: "withdrawn", subscribed: false, pending: null });
    expect(withdrawn.history.map((item) => item.event)).toEqual([
      "declined",
      "requested",
      "withdrawn",
    ]);
    expect(consentState(withdrawn)).toBe("unsubscribed");
  });

  it("reads back what it wrote", () => {
    const record = requestConsent(undefined, { now, locale: "de", tokenSha256: "ef" });
    expect(readConsent({ newsletter: JSON.parse(JSON.stringify(record)) })).toEqual(record);
  });

  it("patches metadata_admin as a whole when it is null, else only the newsletter member", () => {
    const record = declineConsent(undefined, { now, locale: "de" });
    expect(consentPatch(null, record)).toEqual([
      { op: "add", path: "/metadata_admin", value: { newsletter: record } },
    ]);
    expect(consentPatch({ migration: {} }, record)).toEqual([
      { op: "add", path: "/metadata_admin/newsletter", value: record },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { SecurityEventType } from "../../../security/records.ts";
import { type EmailLocale, renderEmail } from "./index.ts";
import type { SecurityNoticeModel } from "./security_notice/model.ts";

// The account safety emails (docs/account-safety.md): the security notice for every event, and the code for a new address.

const locales: EmailLocale[] = ["de", "en"];
const events: SecurityEventType[] = [
  "login_new_device",
  "password_changed",
  "recovery_used",
  "second_factor_added",
  "second_factor_removed",
  "passkey_added",
  "passkey_removed",
  "social_linked",
  "social_unlinked",
  "email_change_requested",
  "email_change_completed",
];

function notice(
  event: SecurityEventType,
  details: Record<string, unknown> = {},
): SecurityNoticeModel {
  return {
    event,
    occurred_at: "2026-11-22T13:05:00.000Z",
    time_zone: "Europe/Berlin",
    browser: "Firefox",
    os: "Windows",
    ip_address: "203.0.113.7",
    details: {
      method: "webauthn",
      name: "YubiKey",
      provider_label: "Google",
      old_address: "alt@example.com",
      new_address: "neu@example.com",
      ...details,
    },
    link_url: "https://konto.moos.example/security/not-me?token=abc&x=<1>",
    link_valid_days: 7,
    activity_url: "https://konto.moos.example/settings/activity",
  };
}

describe("security_notice", () => {
  it.each(locales)(
    "says what, when, from which device and address, with the link (%s)",
    (locale) => {
      const email = renderEmail("security_notice", locale, notice("login_new_device"));
      if (locale === "de") {
        expect(email.subject).toBe("Neue Anmeldung bei deinem Moos-Konto");
        expect(email.text).toContain("Wann: 22.11.2026, 14:05 MEZ");
        expect(email.text).toContain("Gerät: Firefox auf Windows");
        expect(email.text).toContain("IP-Adresse: 203.0.113.7");
        expect(email.html).toContain(">Das war ich nicht</a>");
        expect(email.text).toContain("Der Link ist 7 Tage gültig.");
      } else {
        expect(email.subject).toBe("New login to your Moos account");
        expect(email.text).toContain("When: 22 November 2026 at 14:05 CET");
        expect(email.text).toContain("Device: Firefox on Windows");
        expect(email.text).toContain("IP address: 203.0.113.7");
        expect(email.html).toContain(">This wasn&#39;t me</a>");
        expect(email.text).toContain("The link is valid for 7 days.");
      }
      expect(email.text).toContain("https://konto.moos.example/security/not-me?token=abc&x=<1>");
      expect(email.html).toContain(
        'href="https://konto.moos.example/security/not-me?token=abc&amp;x=&lt;1&gt;"',
      );
      expect(email.text).toContain("https://konto.moos.example/settings/activity");
    },
  );

  it.each(locales)("has its own words for every event (%s)", (locale) => {
    const subjects = events.map(
      (event) => renderEmail("security_notice", locale, notice(event)).subject,
    );
    // Added and removed second factors share a subject; every other event has its own.
    expect(new Set(subjects).size).toBe(events.length - 1);
    const texts = events.map((event) => renderEmail("security_notice", locale, notice(event)).text);
    expect(texts[5]).toContain("YubiKey");
    expect(texts[7]).toContain("Google");
    expect(texts[9]).toContain("neu@example.com");
    expect(texts[10]).toContain("alt@example.com");
  });

  it("writes each notice's time in its own time zone and language (one format each, kept)", () => {
    const berlin = notice("login_new_device");
    const london = { ...berlin, time_zone: "Europe/London" };
    expect(renderEmail("security_notice", "de", berlin).text).toContain("22.11.2026, 14:05 MEZ");
    expect(renderEmail("security_notice", "de", london).text).toContain("22.11.2026, 13:05 GMT");
    expect(renderEmail("security_notice", "en", london).text).toContain(
      "22 November 2026 at 13:05 GMT",
    );
    expect(renderEmail("security_notice", "en", berlin).text).toContain(
      "22 November 2026 at 14:05 CET",
    );
    expect(renderEmail("security_notice", "de", berlin).text).toContain("22.11.2026, 14:05 MEZ");
  });

  it("names the second factor by its kind", () => {
    const de = (method: string) =>
      renderEmail("security_notice", "de", notice("second_factor_added", { method })).text;
    expect(de("totp")).toContain("eine Authenticator-App");
    expect(de("lookup_secret")).toContain("Backup-Codes");
    expect(de("webauthn")).toContain("der Sicherheitsschlüssel „YubiKey“");
  });

  it("offers the undo after a completed email change", () => {
    const email = renderEmail("security_notice", "de", notice("email_change_completed"));
    expect(email.text).toContain("Mit dem Knopf machst du die Änderung rückgängig");
    expect(email.text).toContain("von alt@example.com in neu@example.com");
  });

  it("speaks German with du, never Sie, and escapes what a browser sent", () => {
    for (const event of events) {
      const { subject, text } = renderEmail("security_notice", "de", notice(event));
      expect(`${subject}\n${text}`).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
      expect(text).toMatch(/\b(du|dein|deine|deines|dich|dir)\b/);
    }
    const hostile = renderEmail("security_notice", "de", {
      ...notice("login_new_device"),
      browser: "<script>x</script>",
    });
    expect(hostile.html).not.toContain("<script>");
  });

  it.each(locales)(
    "tells what the customer service did, without device or address (%s)",
    (locale) => {
      const supportEvents: SecurityEventType[] = [
        "support_sessions_revoked",
        "support_account_unlocked",
        "support_name_corrected",
        "support_second_factors_reset",
      ];
      for (const event of supportEvents) {
        const email = renderEmail(
          "security_notice",
          locale,
          notice(event, { name: "Erika Muster" }),
        );
        expect(email.text).not.toContain("203.0.113.7");
        expect(email.text).not.toContain("Firefox");
        expect(email.text).toContain(locale === "de" ? "Kundenservice" : "customer service");
        expect(email.text).toContain("https://konto.moos.example/security/not-me?token=abc&x=<1>");
      }
      const renamed = renderEmail(
        "security_notice",
        locale,
        notice("support_name_corrected", { name: "Erika Muster" }),
      );
      expect(renamed.text).toContain("Erika Muster");
      const { link_url: _, ...locked } = notice("support_account_locked", {
        until: "2026-12-01T11:00:00.000Z",
      });
      const email = renderEmail("security_notice", locale, locked);
      expect(email.text).not.toContain("not-me");
      expect(email.text).toContain(
        locale === "de" ? "bis 01.12.2026, 12:00 MEZ" : "until 1 December 2026 at 12:00 CET",
      );
      expect(email.text).toContain(
        locale === "de"
          ? "wende dich bitte an unseren Kundenservice"
          : "contact our customer service",
      );
    },
  );

  it("writes an unknown device as unknown", () => {
    const { browser: _, os: __, ...model } = notice("login_new_device");
    expect(renderEmail("security_notice", "de", model).text).toContain("Gerät: unbekannt");
    expect(renderEmail("security_notice", "en", model).text).toContain("Device: unknown");
  });
});

describe("email_change_code", () => {
  it.each(locales)("carries the code, the new address and its lifetime (%s)", (locale) => {
    const email = renderEmail("email_change_code", locale, {
      code: "482913",
      expiresInMinutes: 10,
      new_address: "neu@example.com",
    });
    expect(email.subject).toContain("482913");
    expect(email.text).toContain("\n\n482913\n\n");
    expect(email.text).toContain("neu@example.com");
    expect(email.text).toContain(locale === "de" ? "10 Minuten" : "10 minutes");
    if (locale === "de") expect(email.text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/);
  });
});

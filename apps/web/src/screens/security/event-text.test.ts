import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import deSecurity from "../../../messages/de/security.json";
import enSecurity from "../../../messages/en/security.json";
import type { ActivityEntry } from "./account-activity.server";
import { deviceName, eventTitle } from "./event-text";

const entry = (type: ActivityEntry["type"], extra: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: "e1",
  type,
  occurred_at: "2026-11-22T13:05:00.000Z",
  ip_address: "203.0.113.7",
  details: {},
  ...extra,
});

const de = createTranslator({
  locale: "de",
  messages: { security: deSecurity },
  namespace: "security",
});
const en = createTranslator({
  locale: "en",
  messages: { security: enSecurity },
  namespace: "security",
});

describe("eventTitle", () => {
  it("names what happened, with the method, key, provider or address it concerns", () => {
    expect(eventTitle(de, entry("second_factor_added", { details: { method: "totp" } }))).toBe(
      "Zwei-Faktor-Anmeldung eingerichtet: Authenticator-App",
    );
    expect(
      eventTitle(
        de,
        entry("second_factor_removed", { details: { method: "webauthn", name: "YubiKey" } }),
      ),
    ).toBe("Zwei-Faktor-Anmeldung entfernt: Sicherheitsschlüssel (YubiKey)");
    expect(
      eventTitle(
        en,
        entry("social_linked", { details: { provider: "google", provider_label: "Google" } }),
      ),
    ).toBe("Linked with Google");
    expect(
      eventTitle(
        de,
        entry("email_change_completed", { details: { new_address: "neu@example.com" } }),
      ),
    ).toBe("E-Mail-Adresse geändert in neu@example.com");
  });

  it("says what the customer service did, without naming anyone", () => {
    expect(eventTitle(de, entry("support_sessions_revoked", { details: { scope: "all" } }))).toBe(
      "Der Kundenservice hat alle deine Sitzungen beendet",
    );
    expect(eventTitle(de, entry("support_sessions_revoked", { details: { scope: "one" } }))).toBe(
      "Der Kundenservice hat eine deiner Sitzungen beendet",
    );
    expect(eventTitle(en, entry("support_account_locked"))).toBe(
      "Customer service locked your account",
    );
    expect(eventTitle(de, entry("support_second_factors_reset"))).toBe(
      "Der Kundenservice hat deine Zwei-Faktor-Anmeldung zurückgesetzt",
    );
  });

  it("counts failed login attempts in words", () => {
    expect(eventTitle(de, entry("login_failed", { count: 1 }))).toBe(
      "1 fehlgeschlagener Anmeldeversuch",
    );
    expect(eventTitle(de, entry("login_failed", { count: 3 }))).toBe(
      "3 fehlgeschlagene Anmeldeversuche",
    );
    expect(eventTitle(en, entry("login_failed", { count: 3 }))).toBe("3 failed login attempts");
  });
});

describe("deviceName", () => {
  it("joins browser and system, and names nothing it does not know", () => {
    expect(deviceName({ browser: "Firefox", os: "Windows" })).toBe("Firefox · Windows");
    expect(deviceName({ os: "iOS" })).toBe("iOS");
    expect(deviceName({})).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

// The account safety settings (docs/account-safety.md): defaults, durations, and a time zone the notices can be written in.

const base = { dev: true, dsn: "memory://" };

describe("security configuration", () => {
  it("has the documented defaults", () => {
    const { security } = loadConfig({ env: {}, overrides: base });
    expect(security).toEqual({
      notices: { enabled: true, time_zone: "Europe/Berlin" },
      not_me: { ui_url: "http://localhost:3000/security/not-me", lifespan: 168 * 3_600_000 },
      email_change: {
        lifespan: 24 * 3_600_000,
        undo: {
          ui_url: "http://localhost:3000/security/undo-email-change",
          lifespan: 168 * 3_600_000,
        },
      },
      trusted_devices: { cookie_name: "moos_device", lifespan: 9600 * 3_600_000 },
      activity: { ui_url: "http://localhost:3000/settings/activity", retention: 2160 * 3_600_000 },
    });
  });

  it("takes the environment like every other key", () => {
    const { security } = loadConfig({
      env: { SECURITY_NOTICES_ENABLED: "false", SECURITY_EMAIL_CHANGE_LIFESPAN: "2h" },
      overrides: base,
    });
    expect(security.notices.enabled).toBe(false);
    expect(security.email_change.lifespan).toBe(2 * 3_600_000);
  });

  it("refuses a time zone nobody knows, and a cookie name a browser would not keep", () => {
    expect(() =>
      loadConfig({
        env: {},
        overrides: { ...base, security: { notices: { time_zone: "Mars/Base" } } },
      }),
    ).toThrow(/security\.notices\.time_zone: "Mars\/Base" is not a known time zone/);
    expect(() =>
      loadConfig({
        env: {},
        overrides: { ...base, security: { trusted_devices: { cookie_name: "a b" } } },
      }),
    ).toThrow(ConfigError);
  });
});

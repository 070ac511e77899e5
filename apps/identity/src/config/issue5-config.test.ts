import { describe, expect, it } from "vitest";
import { loadConfig } from "./load-config.ts";

// The shop's keys (docs/newsletter-deletion-migration.md): webhooks (ours) and Kratos's password migration hook.

describe("webhooks and migrate_hook config", () => {
  it("reads webhook endpoints as JSON from the environment and fills the defaults", () => {
    const config = loadConfig({
      env: {
        DEV: "true",
        WEBHOOKS_SECRET: "shop-secret-0123456789",
        WEBHOOKS_ENDPOINTS: '[{"url":"http://127.0.0.1:4590/hooks","events":["identity.deleted"]}]',
      },
    });
    expect(config.webhooks).toEqual({
      secret: "shop-secret-0123456789",
      endpoints: [{ url: "http://127.0.0.1:4590/hooks", events: ["identity.deleted"] }],
      timeout: 10_000,
      max_attempts: 15,
      retry_backoff: { initial: 10_000, max: 3_600_000 },
    });
    expect(config.selfservice.methods.password.config.migrate_hook.enabled).toBe(false);
  });

  it("refuses an unknown webhook event and an enabled migrate hook without a URL", () => {
    expect(() =>
      loadConfig({
        env: { DEV: "true", WEBHOOKS_ENDPOINTS: '[{"url":"http://x.test/","events":["nope"]}]' },
      }),
    ).toThrow(/webhooks\.endpoints/);
    expect(() =>
      loadConfig({
        env: { DEV: "true", SELFSERVICE_METHODS_PASSWORD_CONFIG_MIGRATE_HOOK_ENABLED: "true" },
      }),
    ).toThrow(/migrate_hook/);
    const config = loadConfig({
      env: {
        DEV: "true",
        SELFSERVICE_METHODS_PASSWORD_CONFIG_MIGRATE_HOOK_ENABLED: "true",
        SELFSERVICE_METHODS_PASSWORD_CONFIG_MIGRATE_HOOK_CONFIG_URL:
          "https://old-shop.example/check",
      },
    });
    expect(config.selfservice.methods.password.config.migrate_hook.config).toMatchObject({
      url: "https://old-shop.example/check",
      method: "POST",
      timeout: 10_000,
    });
  });
});

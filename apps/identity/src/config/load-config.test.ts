import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

describe("loadConfig", () => {
  it("applies defaults, parses durations and freezes the result", () => {
    const config = loadConfig({ env: {}, overrides: { dev: true } });
    expect(config.session.lifespan).toBe(720 * 3_600_000);
    expect(config.selfservice.flows.settings.privileged_session_max_age).toBe(15 * 60_000);
    expect(config.selfservice.methods.code.config.max_submissions).toBe(5);
    expect(Object.isFrozen(config.selfservice.flows)).toBe(true);
  });

  it("takes environment overrides by key path and DATABASE_URL for the dsn", () => {
    const config = loadConfig({
      env: {
        DEV: "true",
        SERVE_PUBLIC_PORT: "5555",
        SELFSERVICE_FLOWS_LOGIN_UI_URL: "https://shop.example/login",
        DATABASE_URL: "postgres://x@y/z",
      },
    });
    expect(config.serve.public.port).toBe(5555);
    expect(config.selfservice.flows.login.ui_url).toBe("https://shop.example/login");
    expect(config.dsn).toBe("postgres://x@y/z");
  });

  it("names the bad key", () => {
    expect(() =>
      loadConfig({ env: {}, overrides: { dev: true, session: { lifespan: "forever" } } }),
    ).toThrow(/session\.lifespan/);
    expect(() => loadConfig({ env: {}, overrides: { dev: true, serve: { publik: {} } } })).toThrow(
      /publik/,
    );
  });

  it("refuses to start in production mode with default secrets", () => {
    expect(() => loadConfig({ env: {} })).toThrow(ConfigError);
    expect(() => loadConfig({ env: {} })).toThrow(/secrets\.default, serve\.admin\.token/);
    const config = loadConfig({
      env: {},
      overrides: {
        secrets: { default: ["a-real-secret-of-some-length"] },
        serve: { admin: { token: "a-real-admin-token-123" } },
      },
    });
    expect(config.dev).toBe(false);
  });
});

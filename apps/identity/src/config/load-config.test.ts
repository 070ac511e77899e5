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

  it("sweeps for expired rows hourly by default and refuses a negative or too short interval", () => {
    const config = loadConfig({ env: {}, overrides: { dev: true } });
    expect(config.cleanup).toEqual({
      enabled: true,
      interval: 3_600_000,
      keep: 7 * 24 * 3_600_000,
      batch_size: 1000,
    });
    const fromEnv = loadConfig({
      env: { DEV: "true", CLEANUP_ENABLED: "false", CLEANUP_KEEP: "24h", CLEANUP_BATCH_SIZE: "50" },
    });
    expect(fromEnv.cleanup).toMatchObject({ enabled: false, keep: 86_400_000, batch_size: 50 });
    const load = (cleanup: Record<string, unknown>) => () =>
      loadConfig({ env: {}, overrides: { dev: true, cleanup } });
    expect(load({ interval: "-1h" })).toThrow(
      'invalid configuration:\n  cleanup.interval: must be a duration like 30s, 15m or 1h (not negative), not "-1h"',
    );
    expect(load({ interval: "500ms" })).toThrow(
      "invalid configuration:\n  cleanup.interval: must be at least 1s, not 500ms",
    );
    expect(load({ interval: "0s" })).toThrow(/cleanup\.interval: must be at least 1s/);
    expect(load({ keep: "-24h" })).toThrow(/cleanup\.keep: must be a duration like 30s/);
    expect(load({ batch_size: 0 })).toThrow(/cleanup\.batch_size: must be >= 1/);
  });

  it("refuses to start outside dev mode with the default secret and admin token", () => {
    expect(() => loadConfig({ env: {} })).toThrow(ConfigError);
    expect(() => loadConfig({ env: {} })).toThrow(/secrets\.default\[0\]: is the shipped default/);
    expect(() => loadConfig({ env: {} })).toThrow(/serve\.admin\.token: is the shipped default/);
  });

  it("trusts only loopback proxies by default and takes lists as JSON or comma-separated", () => {
    const defaults = loadConfig({ env: {}, overrides: { dev: true } });
    expect(defaults.serve.public.trusted_proxies).toEqual(["127.0.0.1", "::1"]);
    expect(defaults.serve.admin.trusted_proxies).toEqual(["127.0.0.1", "::1"]);
    const config = loadConfig({
      env: {
        DEV: "true",
        SERVE_PUBLIC_TRUSTED_PROXIES: "10.0.0.5, 10.1.0.0/16,fd00::/8",
        SERVE_ADMIN_TRUSTED_PROXIES: '["192.0.2.1"]',
        SELFSERVICE_ALLOWED_RETURN_URLS: "https://shop.example/,https://app.example/",
      },
    });
    expect(config.serve.public.trusted_proxies).toEqual(["10.0.0.5", "10.1.0.0/16", "fd00::/8"]);
    expect(config.serve.admin.trusted_proxies).toEqual(["192.0.2.1"]);
    expect(config.selfservice.allowed_return_urls).toEqual([
      "https://shop.example/",
      "https://app.example/",
    ]);
    for (const bad of ["10.0.0.300", "10.0.0.0/33", "proxy.internal", "::1/129"]) {
      expect(() => loadConfig({ env: { DEV: "true", SERVE_PUBLIC_TRUSTED_PROXIES: bad } })).toThrow(
        /serve\.public\.trusted_proxies\.0: must match format "ip-or-cidr"/,
      );
    }
  });

  it("fills each social sign-in provider's defaults and names what is missing", () => {
    const oidc = (providers: unknown[]) => ({
      dev: true,
      selfservice: { methods: { oidc: { enabled: true, config: { providers } } } },
    });
    const defaults = loadConfig({ env: {}, overrides: { dev: true } });
    expect(defaults.selfservice.methods.oidc).toEqual({
      enabled: false,
      config: { providers: [] },
    });
    expect(defaults.selfservice.flows.registration.after.oidc.hooks).toEqual([
      { hook: "session" },
      { hook: "show_verification_ui" },
    ]);

    const config = loadConfig({
      env: {},
      overrides: oidc([
        { id: "google", provider: "google", client_id: "g", client_secret: "s" },
        {
          id: "apple",
          provider: "apple",
          client_id: "a",
          apple_team_id: "T",
          apple_private_key_id: "K",
          apple_private_key: "pem",
        },
        { id: "facebook", provider: "facebook", client_id: "f", client_secret: "s" },
      ]),
    });
    const [google, apple, facebook] = config.selfservice.methods.oidc.config.providers;
    expect(google).toMatchObject({
      label: "Google",
      issuer_url: "https://accounts.google.com",
      scope: ["openid", "email", "profile"],
      response_mode: "query",
      mapper: { "traits.email": "email", "traits.name.first": "given_name" },
    });
    expect(apple).toMatchObject({
      issuer_url: "https://appleid.apple.com",
      response_mode: "form_post",
    });
    expect(facebook).toMatchObject({
      scope: ["email", "public_profile"],
      userinfo_url: "https://graph.facebook.com/me",
    });

    expect(() =>
      loadConfig({
        env: {},
        overrides: oidc([{ id: "apple", provider: "apple", client_id: "a" }]),
      }),
    ).toThrow(/apple_team_id/);
    expect(() =>
      loadConfig({
        env: {},
        overrides: oidc([{ id: "x", provider: "generic", client_id: "a", label: "X" }]),
      }),
    ).toThrow(/issuer_url/);
    const twice = { id: "google", provider: "google", client_id: "g", client_secret: "s" };
    expect(() => loadConfig({ env: {}, overrides: oidc([twice, twice]) })).toThrow(
      /"google" appears twice/,
    );
  });

  it("takes Kratos's serve.public.cors with its defaults, off unless enabled", () => {
    const config = loadConfig({ env: {}, overrides: { dev: true } });
    expect(config.serve.public.cors).toEqual({
      enabled: false,
      allowed_origins: ["*"],
      allowed_methods: ["POST", "GET", "PUT", "PATCH", "DELETE"],
      allowed_headers: [
        "Authorization",
        "Content-Type",
        "Max-Age",
        "X-Session-Token",
        "X-XSRF-TOKEN",
        "X-CSRF-TOKEN",
      ],
      exposed_headers: ["Content-Type"],
      allow_credentials: true,
      options_passthrough: false,
      max_age: 0,
      debug: false,
    });
    const fromEnv = loadConfig({
      env: {
        SERVE_PUBLIC_CORS_ENABLED: "true",
        SERVE_PUBLIC_CORS_ALLOWED_ORIGINS: "https://shop.moos.de,https://*.moos-shop.de",
      },
      overrides: { dev: true },
    });
    expect(fromEnv.serve.public.cors.enabled).toBe(true);
    expect(fromEnv.serve.public.cors.allowed_origins).toEqual([
      "https://shop.moos.de",
      "https://*.moos-shop.de",
    ]);
    expect(() =>
      loadConfig({
        env: {},
        overrides: {
          dev: true,
          serve: { public: { cors: { allowed_origins: ["https://*.*.de"] } } },
        },
      }),
    ).toThrow(/serve\.public\.cors\.allowed_origins/);
  });
});

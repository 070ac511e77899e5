import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

const production = {
  secrets: {
    system: ["a-real-system-secret-of-length"],
    cookie: ["a-real-cookie-secret-of-length"],
  },
  serve: { admin: { token: "a-real-admin-token-123" } },
  urls: {
    self: { issuer: "https://id.moos.example" },
    login: "https://moos.example/login",
    consent: "https://moos.example/consent",
    logout: "https://moos.example/logout",
    post_logout_redirect: "https://moos.example/",
  },
};

describe("loadConfig", () => {
  it("applies Hydra's defaults, parses durations and freezes the result", () => {
    const config = loadConfig({ env: {}, overrides: { dev: true } });
    expect(config.serve.public).toEqual({ host: "127.0.0.1", port: 4444, trust_proxy: false });
    expect(config.serve.admin.port).toBe(4445);
    expect(config.urls.self.issuer).toBe("http://127.0.0.1:4444");
    expect(config.urls.login).toBe("http://localhost:3000/login");
    expect(config.ttl.login_consent_request).toBe(30 * 60_000);
    expect(config.ttl.auth_code).toBe(60_000);
    expect(config.oauth2.pkce).toEqual({ enforced: false, enforced_for_public_clients: true });
    expect(config.dsn).toBe("pglite://.data/oauth2");
    expect(Object.isFrozen(config.urls)).toBe(true);
  });

  it("reads a YAML file, then the environment by key path, and DATABASE_URL", () => {
    const dir = mkdtempSync(join(tmpdir(), "oauth2-config-"));
    const file = join(dir, "oauth2.yaml");
    writeFileSync(file, "dev: true\nurls:\n  login: https://shop.example/login\n");
    const config = loadConfig({
      file,
      env: {
        URLS_CONSENT: "https://shop.example/consent",
        TTL_ACCESS_TOKEN: "15m",
        SERVE_PUBLIC_PORT: "5555",
        DATABASE_URL: "postgres://x@y/z",
      },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(config.urls.login).toBe("https://shop.example/login");
    expect(config.urls.consent).toBe("https://shop.example/consent");
    expect(config.ttl.access_token).toBe(15 * 60_000);
    expect(config.serve.public.port).toBe(5555);
    expect(config.dsn).toBe("postgres://x@y/z");
  });

  it("names the bad key", () => {
    expect(() =>
      loadConfig({ env: {}, overrides: { dev: true, ttl: { id_token: "soon" } } }),
    ).toThrow(/ttl\.id_token/);
    expect(() => loadConfig({ env: {}, overrides: { dev: true, urls: { logn: "x" } } })).toThrow(
      /logn/,
    );
  });

  it("refuses default secrets and http URLs outside dev", () => {
    expect(() => loadConfig({ env: {} })).toThrow(ConfigError);
    expect(() => loadConfig({ env: {} })).toThrow(
      /secrets\.system, secrets\.cookie, serve\.admin\.token/,
    );
    expect(() =>
      loadConfig({
        env: {},
        overrides: {
          ...production,
          urls: { ...production.urls, logout: "http://moos.example/logout" },
        },
      }),
    ).toThrow(/http URLs: urls\.logout must use https/);
    expect(loadConfig({ env: {}, overrides: production }).dev).toBe(false);
    const weakClient = {
      ...production,
      clients: [
        {
          client_id: "shop",
          client_secret: "shop-secret-not-secret",
          redirect_uris: ["https://shop.example/cb"],
        },
      ],
    };
    expect(() => loadConfig({ env: {}, overrides: weakClient })).toThrow(
      /clients\[shop\]\.client_secret/,
    );
  });

  it("checks that clients and key timings fit together", () => {
    const dev = (extra: Record<string, unknown>) => () =>
      loadConfig({ env: {}, overrides: { dev: true, ...extra } });
    const client = { client_id: "app", redirect_uris: ["http://127.0.0.1/callback"] };
    expect(dev({ clients: [client] })).toThrow(/client_secret is required/);
    expect(
      dev({
        clients: [{ ...client, token_endpoint_auth_method: "none", client_secret: "x".repeat(20) }],
      }),
    ).toThrow(/public client/);
    const pub = { ...client, token_endpoint_auth_method: "none" };
    expect(dev({ clients: [pub, pub] })).toThrow(/appears twice/);
    expect(dev({ keys: { publish_ahead: "30s", reload_interval: "1m" } })).toThrow(
      /keys\.publish_ahead/,
    );
    expect(dev({ keys: { keep_retired_for: "10m" } })).toThrow(/keys\.keep_retired_for/);
  });
});

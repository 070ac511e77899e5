import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

describe("readConfig", () => {
  it("has defaults for a local start", () => {
    const config = readConfig({});
    expect(config.orySdkUrl).toBe("http://127.0.0.1:4433");
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.appEnv).toBe("production");
    expect(config.sentry).toBeUndefined();
    expect(config.https).toBe(false);
    expect(config.trustedProxies.entries).toEqual(["127.0.0.1", "::1"]);
    expect(config.clients.self).toEqual({
      home: "http://localhost:3000",
      allowedReturnUrls: ["http://localhost:3000"],
    });
    expect(config.oryOAuth2AdminUrl).toBe("http://127.0.0.1:4445");
    expect(config.oryOAuth2AdminToken).toBeUndefined();
  });

  it("reads the OAuth2 provider's admin API", () => {
    const config = readConfig({
      ORY_OAUTH2_ADMIN_URL: "https://oauth2-admin.moos.internal/",
      ORY_OAUTH2_ADMIN_TOKEN: " secret-token ",
    });
    expect(config.oryOAuth2AdminUrl).toBe("https://oauth2-admin.moos.internal");
    expect(config.oryOAuth2AdminToken).toBe("secret-token");
  });

  it("reads the shop's front page and legal pages; unset, they are left out", () => {
    expect(readConfig({}).shopUrl).toBeUndefined();
    expect(readConfig({}).legal).toEqual({
      terms: undefined,
      privacy: undefined,
      imprint: undefined,
    });
    const config = readConfig({
      SHOP_URL: "https://moos.example/",
      TERMS_URL: "https://moos.example/agb",
      PRIVACY_URL: "https://moos.example/datenschutz",
      IMPRINT_URL: "https://moos.example/impressum",
    });
    expect(config.shopUrl).toBe("https://moos.example");
    expect(config.legal).toEqual({
      terms: "https://moos.example/agb",
      privacy: "https://moos.example/datenschutz",
      imprint: "https://moos.example/impressum",
    });
    expect(() => readConfig({ TERMS_URL: "javascript:alert(1)" })).toThrow(ConfigError);
  });

  it("turns error reporting on with a DSN, except locally", () => {
    expect(readConfig({ SENTRY_DSN: "https://k@sentry.example/1" }).sentry).toEqual({
      dsn: "https://k@sentry.example/1",
      environment: "production",
    });
    expect(
      readConfig({ SENTRY_DSN: "https://k@sentry.example/1", APP_ENV: "local" }).sentry,
    ).toBeUndefined();
  });

  it("reads the client table", () => {
    const config = readConfig({
      PUBLIC_BASE_URL: "https://accounts.moos.de/",
      CLIENTS: JSON.stringify({
        shop: { home: "https://moos.de", allowedReturnUrls: ["https://moos.de/"] },
      }),
    });
    expect(config.publicBaseUrl).toBe("https://accounts.moos.de");
    expect(config.clients.shop).toEqual({
      home: "https://moos.de",
      allowedReturnUrls: ["https://moos.de/"],
    });
    expect(config.clients.self?.home).toBe("https://accounts.moos.de");
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads the trusted proxies; an empty list trusts nobody", () => {
    const config = readConfig({ TRUSTED_PROXIES: "10.0.0.0/8, fd00::/8" });
    expect(config.trustedProxies.entries).toEqual(["10.0.0.0/8", "fd00::/8"]);
    expect(readConfig({ TRUSTED_PROXIES: "" }).trustedProxies.entries).toEqual([]);
  });

  it("knows when the app is served over https", () => {
    expect(readConfig({ PUBLIC_BASE_URL: "https://konto.moos.de" }).https).toBe(true);
  });

  it.each([
    [{ TRUSTED_PROXIES: "proxy.internal" }],
    [{ TRUSTED_PROXIES: "0.0.0.0/0" }],
    [{ ORY_SDK_URL: "not a url" }],
    [{ ORY_OAUTH2_ADMIN_URL: "4445" }],
    [{ PUBLIC_BASE_URL: "ftp://x" }],
    [{ APP_ENV: "prod" }],
    [{ CLIENTS: "{" }],
    [{ CLIENTS: "[]" }],
    [{ CLIENTS: JSON.stringify({ shop: {} }) }],
    [
      {
        CLIENTS: JSON.stringify({
          shop: { home: "https://x.de", allowedReturnUrls: "https://x.de" },
        }),
      },
    ],
  ])("refuses a wrong setting: %j", (env) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
  });
});

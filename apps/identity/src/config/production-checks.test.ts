import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

// docs/configuration.md#production-checks: outside dev mode the service refuses an insecure configuration and names the setting.

const shop = "https://shop.example";
const secure = (): Record<string, unknown> => ({
  dsn: "postgres://moos@db.internal/moos",
  secrets: { default: ["8c7f0f6a1d4e4b5c9a2f3e6d7b8a9c0d-rotated-2026"] },
  serve: {
    public: { base_url: `${shop}/` },
    admin: { token: "0f1e2d3c4b5a69788796a5b4c3d2e1f0-admin" },
  },
  selfservice: {
    default_browser_return_url: `${shop}/`,
    allowed_return_urls: [`${shop}/`, "de.moos.app://callback"],
    flows: Object.fromEntries(
      ["error", "login", "registration", "settings", "recovery", "verification"].map((flow) => [
        flow,
        { ui_url: `${shop}/${flow}` },
      ]),
    ),
  },
  courier: { smtp: { connection_uri: "smtps://moos:secret@mail.example:465/" } },
  security: {
    not_me: { ui_url: `${shop}/security/not-me` },
    email_change: { undo: { ui_url: `${shop}/security/undo-email-change` } },
    activity: { ui_url: `${shop}/settings/activity` },
  },
});

function load(
  overrides: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {},
): ReturnType<typeof loadConfig> {
  return loadConfig({ env, overrides: merge(secure(), overrides) });
}

function merge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isObject(value) && isObject(current)) merge(current, value);
    else target[key] = value;
  }
  return target;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function refusal(overrides: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): string {
  try {
    load(overrides, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("production checks", () => {
  it("accepts a careful production configuration", () => {
    const config = load({});
    expect(config.dev).toBe(false);
    expect(config.instances).toBe(1);
  });

  it("accepts everything in dev mode", () => {
    expect(loadConfig({ env: {}, overrides: { dev: true, dsn: "memory://" } }).dev).toBe(true);
  });

  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      "a notice's link to an http screen",
      { security: { not_me: { ui_url: "http://shop.example/security/not-me" } } },
      /security\.not_me\.ui_url: must be https/,
    ],
    [
      "the default secret",
      { secrets: { default: ["insecure-default-secret-change-me"] } },
      /secrets\.default\[0\]: is the shipped default/,
    ],
    [
      "a short secret, also an old one kept for rotation",
      { secrets: { default: ["8c7f0f6a1d4e4b5c9a2f3e6d7b8a9c0d-new", "short-old-secret-1"] } },
      /secrets\.default\[1\]: is shorter than 32 characters/,
    ],
    [
      "the default admin token",
      { serve: { admin: { token: "insecure-admin-token-change-me" } } },
      /serve\.admin\.token: is the shipped default/,
    ],
    [
      "a short admin token",
      { serve: { admin: { token: "only-twenty-chars-xx" } } },
      /serve\.admin\.token: is shorter than 32/,
    ],
    [
      "the console on with the default console token",
      { console: { enabled: true } },
      /console\.token: is the shipped default/,
    ],
    [
      "the console on with a short console token",
      { console: { enabled: true, token: "only-twenty-chars-xx" } },
      /console\.token: is shorter than 32/,
    ],
    [
      "an http public base URL",
      { serve: { public: { base_url: "http://shop.example/" } } },
      /serve\.public\.base_url: must be https/,
    ],
    [
      "an http UI URL",
      { selfservice: { flows: { login: { ui_url: "http://shop.example/login" } } } },
      /selfservice\.flows\.login\.ui_url: must be https/,
    ],
    [
      "an http return URL",
      { selfservice: { allowed_return_urls: ["http://shop.example/"] } },
      /selfservice\.allowed_return_urls\[0\]: must be https/,
    ],
    [
      "an http default return URL",
      { selfservice: { default_browser_return_url: "http://shop.example/" } },
      /selfservice\.default_browser_return_url: must be https/,
    ],
    [
      "an http WebAuthn origin",
      {
        selfservice: {
          methods: {
            passkey: {
              enabled: true,
              config: {
                rp: { id: "shop.example", display_name: "Moos", origins: ["http://shop.example"] },
              },
            },
          },
        },
      },
      /selfservice\.methods\.passkey\.config\.rp\.origins\[0\]: must be https/,
    ],
    [
      "an http related origin",
      {
        selfservice: {
          methods: {
            passkey: {
              enabled: true,
              config: {
                rp: {
                  id: "shop.example",
                  display_name: "Moos",
                  related_origins: ["http://www.shop-partner.example"],
                },
              },
            },
          },
        },
      },
      /selfservice\.methods\.passkey\.config\.rp\.related_origins\[0\]: must be https/,
    ],
    [
      "an http social sign-in issuer",
      {
        selfservice: {
          methods: {
            oidc: {
              enabled: true,
              config: {
                providers: [
                  {
                    id: "shop-sso",
                    provider: "generic",
                    label: "SSO",
                    client_id: "moos",
                    issuer_url: "http://sso.example/",
                  },
                ],
              },
            },
          },
        },
      },
      /providers\[0\]\.issuer_url: must be https/,
    ],
    [
      "a password migration hook over http to another host",
      {
        selfservice: {
          methods: {
            password: {
              config: {
                migrate_hook: { enabled: true, config: { url: "http://old-shop.example/check" } },
              },
            },
          },
        },
      },
      /migrate_hook\.config\.url: sends passwords/,
    ],
    ["an in-memory database", { dsn: "memory://" }, /dsn: memory:\/\/ keeps nothing/],
    [
      "an embedded database shared by several instances",
      { dsn: "pglite:///var/lib/moos", instances: 2 },
      /dsn: instances is 2, but only PostgreSQL/,
    ],
    [
      "SMTP without TLS to another host",
      { courier: { smtp: { connection_uri: "smtp://mail.example:25/?disable_starttls=true" } } },
      /courier\.smtp\.connection_uri: disable_starttls=true to mail\.example/,
    ],
    [
      "SMTP without certificate checks to another host",
      { courier: { smtp: { connection_uri: "smtps://mail.example:465/?skip_ssl_verify=true" } } },
      /courier\.smtp\.connection_uri: skip_ssl_verify=true/,
    ],
    [
      "trusting every address as a proxy",
      { serve: { public: { trusted_proxies: ["10.0.0.0/8", "0.0.0.0/0"] } } },
      /serve\.public\.trusted_proxies: 0\.0\.0\.0\/0 trusts every client/,
    ],
    [
      "webhooks without a signing secret",
      { webhooks: { endpoints: [{ url: `${shop}/hooks`, events: ["identity.deleted"] }] } },
      /webhooks\.secret: is unset while webhooks\.endpoints is not empty/,
    ],
    [
      "a short webhook secret",
      { webhooks: { secret: "sixteen-chars-ok" } },
      /webhooks\.secret: is shorter than 32/,
    ],
    [
      "passwords shorter than 8 characters",
      { selfservice: { methods: { password: { config: { min_password_length: 6 } } } } },
      /min_password_length: 6 is below NIST/,
    ],
  ];
  it.each(cases)("refuses %s", (_name, overrides, expected) => {
    const message = refusal(overrides);
    expect(message).toMatch(/^refusing to start with an insecure production configuration/);
    expect(message).toMatch(expected);
  });

  it("names every finding at once", () => {
    const message = refusal({ dsn: "memory://", serve: { admin: { token: "short-token-16ch" } } });
    expect(message).toMatch(/serve\.admin\.token/);
    expect(message).toMatch(/dsn: memory/);
  });

  it("asks nothing of the console's token while the console is off", () => {
    expect(load({}).console).toEqual({ enabled: false, token: "insecure-console-token-change-me" });
    const token = "5e4d3c2b1a09f8e7d6c5b4a392817065-console";
    expect(load({}, { CONSOLE_ENABLED: "true", CONSOLE_TOKEN: token }).console).toEqual({
      enabled: true,
      token,
    });
  });

  it("refuses one token for the admin API and the console, in dev mode too", () => {
    const token = "0f1e2d3c4b5a69788796a5b4c3d2e1f0-admin";
    expect(refusal({ console: { enabled: true, token } })).toMatch(
      /console\.token: is the same as serve\.admin\.token/,
    );
    expect(() =>
      loadConfig({
        env: {},
        overrides: {
          dev: true,
          serve: { admin: { token } },
          console: { enabled: true, token },
        },
      }),
    ).toThrow(/console\.token: is the same as serve\.admin\.token/);
  });

  it("takes the instance count from INSTANCES", () => {
    expect(refusal({ dsn: "pglite:///var/lib/moos" }, { INSTANCES: "3" })).toMatch(
      /instances is 3/,
    );
    expect(load({}, { INSTANCES: "3" }).instances).toBe(3);
  });

  it("lets a loopback relay go without TLS", () => {
    const config = load({
      courier: { smtp: { connection_uri: "smtp://127.0.0.1:25/?disable_starttls=true" } },
    });
    expect(config.courier.smtp.connection_uri).toContain("127.0.0.1");
  });

  it("refuses CORS with credentials for every origin, http origins and open wildcards", () => {
    const message = refusal({
      serve: {
        public: {
          cors: {
            enabled: true,
            allowed_origins: [
              "*",
              "http://shop.example",
              "https://*.com",
              "https://*.shop.example",
            ],
          },
        },
      },
    });
    expect(message).toContain("serve.public.cors.allowed_origins: admits every origin");
    expect(message).toContain("serve.public.cors.allowed_origins[1]: must be https");
    expect(message).toContain("serve.public.cors.allowed_origins[2]: has a wildcard");
    expect(message).not.toContain("allowed_origins[3]");
    const named = load({
      serve: {
        public: { cors: { enabled: true, allowed_origins: ["https://*.shop.example"] } },
      },
    });
    expect(named.serve.public.cors.allow_credentials).toBe(true);
    const anyWithoutCookies = load({
      serve: { public: { cors: { enabled: true, allow_credentials: false } } },
    });
    expect(anyWithoutCookies.serve.public.cors.allowed_origins).toEqual(["*"]);
  });
});

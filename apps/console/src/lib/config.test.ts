import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config";

describe("the console's configuration", () => {
  it("runs locally on its development defaults", () => {
    const config = readConfig({ APP_ENV: "local" });
    expect(config).toMatchObject({
      publicBaseUrl: "http://localhost:3100",
      https: false,
      oidc: { issuer: "http://127.0.0.1:4444", clientId: "moos-console" },
    });
  });

  it("refuses the development secrets outside APP_ENV=local", () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    const production = {
      CONSOLE_PUBLIC_BASE_URL: "https://kundenservice.moos.example",
      CONSOLE_TOKEN: "t".repeat(40),
      CONSOLE_OIDC_CLIENT_SECRET: "s".repeat(40),
      CONSOLE_SESSION_SECRETS: "short",
    };
    expect(() => readConfig(production)).toThrow(/at least 32 characters/);
    const config = readConfig({
      ...production,
      CONSOLE_SESSION_SECRETS: `${"n".repeat(32)}, ${"o".repeat(32)}`,
    });
    expect(config.https).toBe(true);
    expect(config.sessionSecrets).toEqual(["n".repeat(32), "o".repeat(32)]);
  });
});

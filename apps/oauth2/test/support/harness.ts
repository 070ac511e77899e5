import { Configuration, JwkApi, OAuth2Api } from "@ory/client-fetch";
import { freePort } from "../../../identity/test/support/free-port.ts";
import { pgliteCopy } from "../../../identity/test/support/pglite-template.ts";
import { type App, createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/load-config.ts";

// The provider on free loopback ports, with Ory's SDK pointed at its admin API. The login,
// consent and logout apps live at `uiOrigin`, which nothing serves: tests stop the browser
// there and answer the challenge through the SDK, as the web app will.

export const uiOrigin = "http://apps.moos.test";
export const adminToken = "test-admin-token-0123456789";

export interface Harness {
  app: App;
  /** The issuer the instance answers for (several instances may share one). */
  issuer: string;
  /** Where this instance listens. */
  publicUrl: string;
  adminUrl: string;
  oauth2: OAuth2Api;
  jwk: JwkApi;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, unknown> = {}, port = 0) {
  return loadConfig({
    env: {},
    overrides: deepMerge(
      {
        dev: true,
        dsn: "memory://",
        serve: { public: { port }, admin: { port: 0, token: adminToken } },
        urls: {
          self: { issuer: `http://127.0.0.1:${port}` },
          login: `${uiOrigin}/login`,
          consent: `${uiOrigin}/consent`,
          logout: `${uiOrigin}/logout`,
          post_logout_redirect: `${uiOrigin}/logged-out`,
        },
        keys: { publish_ahead: "0s" },
        outbound: { allow_private_addresses: true },
      },
      overrides,
    ),
  });
}

export async function startProvider(
  overrides: Record<string, unknown> = {},
  options: { port?: number } = {},
): Promise<Harness> {
  const port = options.port ?? (await freePort());
  // A fresh embedded database unless the test names one (a copy of the run's PGlite template).
  const copy = "dsn" in overrides ? undefined : pgliteCopy();
  const app = await createApp(testConfig({ ...(copy && { dsn: copy.dsn }), ...overrides }, port));
  const { publicUrl, adminUrl } = await app.listen();
  const sdk = new Configuration({ basePath: adminUrl, accessToken: adminToken });
  return {
    app,
    issuer: app.config.urls.self.issuer,
    publicUrl,
    adminUrl,
    oauth2: new OAuth2Api(sdk),
    jwk: new JwkApi(sdk),
    close: async () => {
      await app.close();
      copy?.remove();
    },
  };
}

type Tree = Record<string, unknown>;

function deepMerge(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? deepMerge(current, value) : (value as unknown);
  }
  return out;
}

function isTree(value: unknown): value is Tree {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

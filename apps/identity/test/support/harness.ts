import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Configuration, CourierApi, FrontendApi, IdentityApi } from "@ory/client-fetch";
import { SMTPServer } from "smtp-server";
import { type App, createApp } from "../../src/composition/app.ts";
import { loadConfig } from "../../src/config/load-config.ts";
import { tolerateClientResets } from "../../src/outbox/email/test-support/smtp-test-server.ts";
import { CookieJar } from "./cookie-jar.ts";
import { freePort } from "./free-port.ts";
import { liftedBotDefence } from "./lifted-limits.ts";
import { pgliteCopy } from "./pglite-template.ts";

export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface Harness {
  app: App;
  publicUrl: string;
  adminUrl: string;
  adminToken: string;
  mails: ReceivedMail[];
  /** The service's JSON log lines, parsed, in order (nothing goes to the test's stdout). */
  logs: Record<string, unknown>[];
  /** A new browser: its own cookie jar and an SDK client sending JSON. */
  browser(): Browser;
  /** An SDK client without cookies, as a native app uses the API flows. */
  native(): FrontendApi;
  identityApi(): IdentityApi;
  courierApi(): CourierApi;
  /** Waits for an email to the address and returns the newest 6-digit code in it. */
  codeFor(address: string, options?: { after?: number }): Promise<string>;
  close(): Promise<void>;
}

export interface Browser {
  jar: CookieJar;
  fetch: typeof fetch;
  api: FrontendApi;
}

export async function startHarness(
  overrides: Record<string, unknown> = {},
  options: { dsn?: string; fetch?: typeof fetch } = {},
): Promise<Harness> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, raw });
        callback();
      });
    },
  });
  tolerateClientResets(smtp);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const [publicPort, adminPort] = [await freePort(), await freePort()];
  // A fresh embedded database by default, copied from the run's template (pglite-template.ts).
  const copy = options.dsn === undefined ? pgliteCopy() : undefined;
  const adminToken = "test-admin-token-0123456789";
  const config = loadConfig({
    env: {},
    overrides: deepMerge(
      {
        dev: true,
        dsn: options.dsn ?? copy?.dsn,
        serve: {
          public: { base_url: `http://127.0.0.1:${publicPort}/`, port: publicPort },
          admin: { base_url: `http://127.0.0.1:${adminPort}/`, port: adminPort, token: adminToken },
        },
        identity: {
          schemas: [
            {
              id: "default",
              url: `file://${fileURLToPath(new URL("../../config/identity.schema.json", import.meta.url))}`,
            },
          ],
        },
        selfservice: { methods: { password: { config: { haveibeenpwned_enabled: false } } } },
        courier: {
          smtp: { connection_uri: `smtp://127.0.0.1:${smtpPort}/?disable_starttls=true` },
          dispatcher: { poll_interval: "100ms", lease: "5s" },
        },
        // Tests make many requests from one address; the limits themselves have their own tests.
        rate_limits: {
          submit_per_ip: { max: 100000 },
          flow_init_per_ip: { max: 100000 },
          code_emails_per_address: { max: 1000 },
        },
        bot_defence: liftedBotDefence(),
      },
      overrides,
    ),
  });
  const logs: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => logs.push(JSON.parse(line)) };
  const app = await createApp(config, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    log: { destination },
  });
  const { publicUrl, adminUrl } = await app.listen();
  const sdkConfig = (fetchApi: typeof fetch, basePath = publicUrl): Configuration =>
    new Configuration({ basePath, fetchApi, headers: { Accept: "application/json" } });
  return {
    app,
    publicUrl,
    adminUrl,
    adminToken,
    mails,
    logs,
    browser() {
      const jar = new CookieJar();
      const jarFetch = jar.wrap(fetch);
      return { jar, fetch: jarFetch, api: new FrontendApi(sdkConfig(jarFetch)) };
    },
    native: () => new FrontendApi(sdkConfig(fetch)),
    identityApi: () =>
      new IdentityApi(
        new Configuration({
          basePath: adminUrl,
          accessToken: adminToken,
          headers: { Accept: "application/json" },
        }),
      ),
    courierApi: () =>
      new CourierApi(
        new Configuration({
          basePath: adminUrl,
          accessToken: adminToken,
          headers: { Accept: "application/json" },
        }),
      ),
    async codeFor(address, { after = 0 } = {}) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        // The newest mail with a code: a security notice to the same address may arrive
        // after it (both can leave in one courier batch).
        const code = mails
          .slice(after)
          .filter((m) => m.to === address)
          .map((m) => m.raw.match(/\b(\d{6})\b/)?.[1])
          .filter((found) => found !== undefined)
          .at(-1);
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no code email for ${address}`);
    },
    async close() {
      await app.close();
      copy?.remove();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

function deepMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      current &&
      typeof current === "object" &&
      !Array.isArray(current)
    ) {
      deepMerge(current as Record<string, unknown>, value as Record<string, unknown>);
    } else target[key] = value;
  }
  return target;
}

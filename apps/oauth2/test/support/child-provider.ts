import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { adminToken, uiOrigin } from "./harness.ts";

// The provider as a real process (`node --conditions=development src/main.ts`), for what only a
// process shows: that it is still there after its database went away, its JSON log lines.

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export interface ChildProvider {
  process: ChildProcess;
  publicUrl: string;
  adminUrl: string;
  /** Its stdout, one parsed JSON object per line. */
  lines: Record<string, unknown>[];
  stderr(): string;
}

/** A public native client (PKCE), as the Moos app is. */
export const nativeClient = {
  client_id: "crash-app",
  client_name: "Crash App",
  token_endpoint_auth_method: "none",
  redirect_uris: ["http://127.0.0.1/callback"],
  grant_types: ["authorization_code", "refresh_token"],
  scope: "openid offline_access email profile",
  skip_consent: true,
};

/** Starts the provider on `dsn` with free ports; resolves once it logged that it listens. */
export async function startChildProvider(
  folder: string,
  options: { dsn: string; port: number; database?: Record<string, string> },
): Promise<ChildProvider> {
  const file = join(folder, "oauth2.json");
  writeFileSync(
    file,
    JSON.stringify({
      dev: true,
      dsn: options.dsn,
      ...(options.database ? { database: options.database } : {}),
      serve: { public: { port: options.port }, admin: { port: 0, token: adminToken } },
      urls: {
        self: { issuer: `http://127.0.0.1:${options.port}` },
        login: `${uiOrigin}/login`,
        consent: `${uiOrigin}/consent`,
        logout: `${uiOrigin}/logout`,
        post_logout_redirect: `${uiOrigin}/logged-out`,
      },
      keys: { publish_ahead: "0s" },
      clients: [nativeClient],
    }),
  );
  const { DEV, PROD, SSR, MODE, BASE_URL, ...env } = process.env;
  const child = spawn(process.execPath, ["--conditions=development", main, "--config", file], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = "";
  let pending = "";
  const listening = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      for (const text of complete.filter(Boolean)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        if (line.msg === "OpenID Connect provider listening") resolve(line);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.once("exit", (code) => reject(new Error(`the provider exited (${code}): ${stderr}`)));
  });
  const started = await listening;
  return {
    process: child,
    publicUrl: String(started.public_url),
    adminUrl: String(started.admin_url),
    lines,
    stderr: () => stderr,
  };
}

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Configuration, FrontendApi } from "@ory/client-fetch";
import autocannon from "autocannon";

// Resident memory of the identity service on its own (a separate process, embedded PGlite),
// idle and right after a whoami load, read from /proc.

const port = 4833;
const base = `http://127.0.0.1:${port}`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

export async function measureMemory(): Promise<string[]> {
  const schema = new URL("../apps/identity/config/identity.schema.json", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/identity/src/main.ts"], {
    stdio: "ignore",
    env: {
      ...process.env,
      DEV: "true",
      DSN: "memory://",
      SERVE_PUBLIC_PORT: String(port),
      SERVE_PUBLIC_BASE_URL: `${base}/`,
      SERVE_ADMIN_PORT: String(port + 1),
      IDENTITY_SCHEMAS: JSON.stringify([{ id: "default", url: `file://${schema}` }]),
      SELFSERVICE_FLOWS_VERIFICATION_ENABLED: "false",
      SELFSERVICE_FLOWS_LOGIN_AFTER_HOOKS: "[]",
      SELFSERVICE_METHODS_PASSWORD_CONFIG_HAVEIBEENPWNED_ENABLED: "false",
      COURIER_DISPATCHER_ENABLED: "false",
      RATE_LIMITS_SUBMIT_PER_IP_MAX: "100000",
      RATE_LIMITS_FLOW_INIT_PER_IP_MAX: "100000",
    },
  });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/health/ready`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error("identity service did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(child.pid!);
    const api = new FrontendApi(
      new Configuration({ basePath: base, headers: { Accept: "application/json" } }),
    );
    const registration = await api.createNativeRegistrationFlow();
    const { session_token } = await api.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: {
        method: "password",
        password: "Bench-Farn-2026!",
        traits: { email: "memory@example.com", name: { first: "Me", last: "Mory" } },
      },
    });
    await autocannon({
      url: `${base}/sessions/whoami`,
      headers: { "x-session-token": session_token! },
      connections: 10,
      duration: 5,
    });
    const loaded = rssMb(child.pid!);
    return [
      `| PGlite | identity service resident memory, idle / after 5 s of whoami load (own process) | ${idle.toFixed(0)} MB / ${loaded.toFixed(0)} MB |`,
    ];
  } finally {
    child.kill("SIGTERM");
  }
}

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

// The web app's weight and Lighthouse scores for /login and /registration, measured against a
// production build with the real identity service behind it, in Debian's Chromium.

const base = "http://localhost:3300";
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function start(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  return spawn(command, args, {
    stdio: "ignore",
    // Its own process group, so it can be ended with everything it started.
    detached: true,
    env: { ...process.env, ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function transferred(path: string): Promise<{ total: number; js: number }> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: chromiumArgs.slice(1),
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map<string, string>();
  let total = 0;
  let js = 0;
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    total += e.encodedDataLength;
    if (types.get(e.requestId) === "Script") js += e.encodedDataLength;
  });
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  await browser.close();
  return { total, js };
}

async function scores(path: string): Promise<string> {
  const chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const c = result?.lhr.categories;
    const pct = (v: number | null | undefined): string => String(Math.round((v ?? 0) * 100));
    return `${pct(c?.performance?.score)} / ${pct(c?.accessibility?.score)} / ${pct(c?.["best-practices"]?.score)}`;
  } finally {
    chrome.kill();
  }
}

export async function measureWeb(): Promise<string[]> {
  const env = {
    NEXT_TELEMETRY_DISABLED: "1",
    ORY_SDK_URL: "http://127.0.0.1:4733",
    PUBLIC_BASE_URL: base,
    APP_ENV: "production",
  };
  // The production build (made only when a source changed), as the browser tests use it.
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const identity = start("node", [
    "apps/identity/dist/main.js",
    "--config",
    "bench/identity.bench.yaml",
  ]);
  const web = start("node", ["server.mjs"], {
    cwd: "apps/web/.next/standalone/apps/web",
    env: { ...env, PORT: "3300", HOST: "localhost" },
  });
  try {
    await waitFor("http://127.0.0.1:4733/health/ready");
    await waitFor(`${base}/login`);
    const rows: string[] = [];
    for (const path of ["/login", "/registration"]) {
      const bytes = await transferred(path);
      rows.push(
        `| web | ${path}: transferred in all / JavaScript (compressed) | ${(bytes.total / 1024).toFixed(1)} KB / ${(bytes.js / 1024).toFixed(1)} KB |`,
      );
      rows.push(
        `| web | ${path}: Lighthouse mobile performance / accessibility / best practices | ${await scores(path)} |`,
      );
    }
    return rows;
  } finally {
    for (const child of [identity, web]) {
      try {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  }
}

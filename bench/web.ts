import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startWebTargets, type WebTarget } from "./web-services.ts";

// The account pages' weight, Lighthouse scores and console errors (issue 11), measured on the
// production build in Debian's Chromium, each page reached two ways (bench/web-services.ts):
// from server.mjs itself and through nginx with the documented configuration.

/** One figure of the benchmark: what was measured, its goal, the value, whether it is met. */
export interface BenchRow {
  readonly measure: string;
  readonly goal: string;
  readonly result: string;
  readonly met: boolean;
}

const PAGES = ["/login", "/registration", "/en/login", "/en/registration"];
const MAX_TRANSFERRED_KB = 120;
const MAX_TOTAL_BLOCKING_TIME_MS = 100;

const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

interface Load {
  readonly totalKb: number;
  readonly scriptKb: number;
  readonly consoleErrors: readonly string[];
}

/**
 * Bytes on the wire (headers and compressed bodies) of everything the page loads until the
 * network is idle, as Chromium counts them, and what the console reported as errors.
 */
async function load(target: WebTarget, path: string): Promise<Load> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: chromiumFlags.slice(1),
  });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: target.selfSigned });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const types = new Map<string, string>();
    let total = 0;
    let script = 0;
    cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
    cdp.on("Network.loadingFinished", (event) => {
      total += event.encodedDataLength;
      if (types.get(event.requestId) === "Script") script += event.encodedDataLength;
    });
    await page.goto(`${target.base}${path}`, { waitUntil: "networkidle" });
    return { totalKb: total / 1024, scriptKb: script / 1024, consoleErrors };
  } finally {
    await browser.close();
  }
}

interface Scores {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly totalBlockingTimeMs: number;
}

/** Lighthouse's mobile run (its defaults: simulated slow 4G, 4x CPU slowdown). */
async function scores(target: WebTarget, path: string): Promise<Scores> {
  const chrome = await launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [...chromiumFlags, ...(target.selfSigned ? ["--ignore-certificate-errors"] : [])],
  });
  try {
    const result = await lighthouse(`${target.base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    });
    const categories = result?.lhr.categories;
    const percent = (score: number | null | undefined): number => Math.round((score ?? 0) * 100);
    return {
      performance: percent(categories?.performance?.score),
      accessibility: percent(categories?.accessibility?.score),
      bestPractices: percent(categories?.["best-practices"]?.score),
      totalBlockingTimeMs: Math.round(
        result?.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      ),
    };
  } finally {
    chrome.kill();
  }
}

async function rowsFor(target: WebTarget, path: string): Promise<BenchRow[]> {
  const page = `${path} (${target.name})`;
  const bytes = await load(target, path);
  const lighthouseRun = await scores(target, path);
  const { performance, accessibility, bestPractices, totalBlockingTimeMs } = lighthouseRun;
  const errors = bytes.consoleErrors.length;
  return [
    {
      measure: `${page}: transferred in all (JavaScript), console errors`,
      goal: `≤ ${MAX_TRANSFERRED_KB} KB, 0`,
      result: `${bytes.totalKb.toFixed(1)} KB (${bytes.scriptKb.toFixed(1)} KB), ${errors}${errors > 0 ? `: ${bytes.consoleErrors[0]}` : ""}`,
      met: bytes.totalKb <= MAX_TRANSFERRED_KB && errors === 0,
    },
    {
      measure: `${page}: Lighthouse mobile performance / accessibility / best practices, total blocking time`,
      goal: `100 / 100 / 100, < ${MAX_TOTAL_BLOCKING_TIME_MS} ms`,
      result: `${performance} / ${accessibility} / ${bestPractices}, ${totalBlockingTimeMs} ms`,
      met:
        performance === 100 &&
        accessibility === 100 &&
        bestPractices === 100 &&
        totalBlockingTimeMs < MAX_TOTAL_BLOCKING_TIME_MS,
    },
  ];
}

/** The web rows of BENCHMARKS.md: every page, reached directly and through nginx. */
export async function measureWeb(): Promise<BenchRow[]> {
  // The production build (made only when a source changed), as the browser tests use it.
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const running = await startWebTargets();
  try {
    const rows: BenchRow[] = [];
    for (const target of running.targets) {
      for (const path of PAGES) rows.push(...(await rowsFor(target, path)));
    }
    return rows;
  } finally {
    await running.stop();
  }
}

/** A markdown table row: the measure, its goal, the result (and whether it meets the goal). */
export function webRowMarkdown(row: BenchRow): string {
  return `| web | ${row.measure} | ${row.goal} | ${row.result} | ${row.met ? "yes" : "no"} |`;
}

// `npx tsx --conditions=development bench/web.ts`: only these rows, printed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await measureWeb();
  console.log("| part | measure | goal | result | met |\n|---|---|---|---|---|");
  for (const row of rows) console.log(webRowMarkdown(row));
}

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { REPO_ROOT } from "../e2e/support/services/processes.ts";
import { startWebTargets, type WebTarget } from "./web-services.ts";

// The account pages' weight, Lighthouse scores and console errors, measured on the
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

/** What a page's bytes are, in KB: the parts of "transferred in all". */
export interface PageWeight {
  readonly page: string;
  /** The scripts every App Router page loads (the build manifest's rootMainFiles). */
  readonly framework: number;
  /** The other scripts: the app's own components and the chunks only some pages need. */
  readonly appScripts: number;
  readonly html: number;
  readonly css: number;
  /** The answers that only redirect, and everything else (the icon). */
  readonly other: number;
}

type Kind = Exclude<keyof PageWeight, "page">;

interface Load {
  /** KB by kind. */
  readonly weight: Record<Kind, number>;
  readonly consoleErrors: readonly string[];
}

/** A response's kind by Chromium's resource type and, for scripts, its path. */
function kindOf(type: string, pathname: string, framework: ReadonlySet<string>): Kind {
  if (type === "Script") return framework.has(pathname) ? "framework" : "appScripts";
  if (type === "Document") return "html";
  if (type === "Stylesheet") return "css";
  return "other";
}

/** The scripts Next's runtime and React DOM come in: every page of the app loads them. */
function frameworkScripts(): ReadonlySet<string> {
  const manifest = path.join(REPO_ROOT, "apps/web/.next/build-manifest.json");
  const { rootMainFiles } = JSON.parse(readFileSync(manifest, "utf8")) as {
    rootMainFiles: string[];
  };
  return new Set(rootMainFiles.map((file) => `/_next/${file}`));
}

/**
 * Bytes on the wire (headers and compressed bodies) of everything the page loads until the
 * network is idle, redirects included, as Chromium counts them, and what the console reported
 * as errors.
 */
async function load(
  target: WebTarget,
  path: string,
  framework: ReadonlySet<string>,
): Promise<Load> {
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
    const kinds = new Map<string, Kind>();
    const bytes: Record<Kind, number> = { framework: 0, appScripts: 0, html: 0, css: 0, other: 0 };
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.redirectResponse) bytes.other += event.redirectResponse.encodedDataLength;
    });
    cdp.on("Network.responseReceived", (event) => {
      const { pathname } = new URL(event.response.url);
      kinds.set(event.requestId, kindOf(event.type, pathname, framework));
    });
    cdp.on("Network.loadingFinished", (event) => {
      bytes[kinds.get(event.requestId) ?? "other"] += event.encodedDataLength;
    });
    await page.goto(`${target.base}${path}`, { waitUntil: "networkidle" });
    const weight = Object.fromEntries(
      Object.entries(bytes).map(([kind, value]) => [kind, value / 1024]),
    ) as Record<Kind, number>;
    return { weight, consoleErrors };
  } finally {
    await browser.close();
  }
}

interface Scores {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly totalBlockingTimeMs: number;
  /** First and largest contentful paint as Lighthouse simulates them (slow 4G, 4x CPU). */
  readonly firstPaintMs: number;
  readonly largestPaintMs: number;
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
    const audit = (id: string): number =>
      Math.round(result?.lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: percent(categories?.performance?.score),
      accessibility: percent(categories?.accessibility?.score),
      bestPractices: percent(categories?.["best-practices"]?.score),
      totalBlockingTimeMs: audit("total-blocking-time"),
      firstPaintMs: audit("first-contentful-paint"),
      largestPaintMs: audit("largest-contentful-paint"),
    };
  } finally {
    chrome.kill();
  }
}

async function rowsFor(
  target: WebTarget,
  path: string,
  framework: ReadonlySet<string>,
): Promise<{ rows: BenchRow[]; weight: PageWeight }> {
  const page = `${path} (${target.name})`;
  const bytes = await load(target, path, framework);
  const { framework: frameworkKb, appScripts, html, css, other } = bytes.weight;
  const totalKb = frameworkKb + appScripts + html + css + other;
  const scriptKb = frameworkKb + appScripts;
  const lighthouseRun = await scores(target, path);
  const { performance, accessibility, bestPractices, totalBlockingTimeMs } = lighthouseRun;
  const seconds = (ms: number): string => (ms / 1000).toFixed(1);
  const paints = `FCP ${seconds(lighthouseRun.firstPaintMs)} s, LCP ${seconds(lighthouseRun.largestPaintMs)} s`;
  const errors = bytes.consoleErrors.length;
  const rows = [
    {
      measure: `${page}: transferred in all (JavaScript), console errors`,
      goal: `≤ ${MAX_TRANSFERRED_KB} KB, 0`,
      result: `${totalKb.toFixed(1)} KB (${scriptKb.toFixed(1)} KB), ${errors}${errors > 0 ? `: ${bytes.consoleErrors[0]}` : ""}`,
      met: totalKb <= MAX_TRANSFERRED_KB && errors === 0,
    },
    {
      measure: `${page}: Lighthouse mobile performance / accessibility / best practices, total blocking time (simulated first and largest contentful paint)`,
      goal: `100 / 100 / 100, < ${MAX_TOTAL_BLOCKING_TIME_MS} ms`,
      result: `${performance} / ${accessibility} / ${bestPractices}, ${totalBlockingTimeMs} ms (${paints})`,
      met:
        performance === 100 &&
        accessibility === 100 &&
        bestPractices === 100 &&
        totalBlockingTimeMs < MAX_TOTAL_BLOCKING_TIME_MS,
    },
  ];
  return { rows, weight: { page, ...bytes.weight } };
}

/** The web rows of BENCHMARKS.md (every page, reached directly and through nginx), and what each page's bytes are. */
export async function measureWeb(): Promise<{ rows: BenchRow[]; weights: PageWeight[] }> {
  // The production build (made only when a source changed), as the browser tests use it.
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("the build failed");
  const framework = frameworkScripts();
  const running = await startWebTargets();
  try {
    const rows: BenchRow[] = [];
    const weights: PageWeight[] = [];
    for (const target of running.targets) {
      for (const path of PAGES) {
        const measured = await rowsFor(target, path, framework);
        rows.push(...measured.rows);
        weights.push(measured.weight);
      }
    }
    return { rows, weights };
  } finally {
    await running.stop();
  }
}

/** A markdown table row: the measure, its goal, the result (and whether it meets the goal). */
export function webRowMarkdown(row: BenchRow): string {
  return `| web | ${row.measure} | ${row.goal} | ${row.result} | ${row.met ? "yes" : "no"} |`;
}

/**
 * What the pages' bytes are: the scripts of Next's runtime and React DOM, which every App Router
 * page loads whatever it shows, against the rest and the goal.
 */
export function weightSection(weights: readonly PageWeight[]): string {
  const kb = (value: number): string => value.toFixed(1);
  const lines = weights.map(
    (w) =>
      `| ${w.page} | ${kb(w.framework)} | ${kb(w.appScripts)} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.other)} | ${kb(MAX_TRANSFERRED_KB - w.framework)} |`,
  );
  return `## Issue 11: what the pages' bytes are (KB, headers included)

Next's runtime and React DOM come in the scripts the build manifest lists as \`rootMainFiles\`:
every App Router page loads them, whatever it shows. The last column is what the goal of
${MAX_TRANSFERRED_KB} KB leaves for the page itself once they are loaded.

Lighthouse's performance score follows the same bytes. A screen's largest element is its intro
paragraph, which the server renders: in the browser it is painted with the first paint. Lighthouse
simulates a slow 4G phone from the page's real load: its estimate of the first paint counts what
blocks rendering, and its estimate of the largest paint every request that started before the real
paint. Next's scripts start in the document's head, so their download and run count in the
second. That is why a row above can show a largest paint twice as late as the first, and a
performance of 99.

| page | Next's runtime and React DOM | the app's scripts | HTML | CSS | redirect, icon | left of ${MAX_TRANSFERRED_KB} KB for the page |
|---|---|---|---|---|---|---|
${lines.join("\n")}
`;
}

// `node --conditions=development bench/web.ts`: only these rows, printed.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, weights } = await measureWeb();
  console.log("| part | measure | goal | result | met |\n|---|---|---|---|---|");
  for (const row of rows) console.log(webRowMarkdown(row));
  console.log(`\n${weightSection(weights)}`);
}

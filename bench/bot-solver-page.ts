import { readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { pinSelf, root } from "./support/service.ts";

// The web app's solver (apps/web/src/flow-engine/captcha/solve-challenge.ts, ALTCHA's own
// solver from `altcha/lib`) in a page of Debian's Chromium, the browser pinned with taskset to
// one core: what a customer's browser spends on a challenge the service issued. The page is
// the solver alone, its source with the types stripped and `altcha/lib` mapped to the package's
// module, served from http://localhost (a secure context, so Web Crypto is there) by the
// page's own routes: no web app to build or start.

const origin = "http://localhost:9";

const page = `<!doctype html>
<script type="importmap">{ "imports": { "altcha/lib": "/altcha-lib.js" } }</script>
<script type="module">
  import { solveAltcha } from "/solve-challenge.js";
  window.solveAltcha = solveAltcha;
  document.title = "ready";
</script>`;

/** What the page's script adds to `window`. */
interface SolverWindow {
  solveAltcha(challenge: string, signal: AbortSignal): Promise<string | undefined>;
}

export interface Solved {
  /** From the call to the payload, as the page's clock measures it. */
  readonly ms: number;
  readonly payload: string;
}

export interface ChromiumSolver {
  /** Solves each challenge (ALTCHA's JSON) in turn in the page. */
  solve(challenges: readonly string[]): Promise<Solved[]>;
  close(): Promise<void>;
}

/**
 * A page with the solver in Chromium pinned to `cpu`, warmed up on `warmUp` (solved once, not
 * counted: the browser's first seconds, the script's compilation, Web Crypto's first use).
 */
export async function startChromiumSolver(options: {
  cpu: string;
  restorePin: string;
  warmUp: string;
}): Promise<ChromiumSolver> {
  const solver = stripTypeScriptTypes(
    readFileSync(join(root, "apps/web/src/flow-engine/captcha/solve-challenge.ts"), "utf8"),
  );
  const altcha = readFileSync(join(root, "node_modules/altcha/dist/lib/index.js"), "utf8");
  // The browser and every process it starts inherit this process's core at launch.
  pinSelf(options.cpu);
  const browser = await chromium
    .launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] })
    .finally(() => pinSelf(options.restorePin));
  try {
    const tab = await browser.newPage();
    const script = (body: string) => ({ contentType: "text/javascript", body });
    await tab.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === "/solve-challenge.js") return route.fulfill(script(solver));
      if (path === "/altcha-lib.js") return route.fulfill(script(altcha));
      return route.fulfill({ contentType: "text/html", body: page });
    });
    await tab.goto(`${origin}/`);
    await tab.waitForFunction("document.title === 'ready'");
    const solveOne = async (challenge: string): Promise<Solved> => {
      const result = await tab.evaluate(async (json) => {
        const solve = (globalThis as unknown as SolverWindow).solveAltcha;
        const started = performance.now();
        const payload = await solve(json, new AbortController().signal);
        return { ms: performance.now() - started, payload };
      }, challenge);
      if (!result.payload) throw new Error("Chromium did not solve the challenge");
      return { ms: result.ms, payload: result.payload };
    };
    await solveOne(options.warmUp);
    return {
      async solve(challenges) {
        const solved: Solved[] = [];
        for (const challenge of challenges) solved.push(await solveOne(challenge));
        return solved;
      },
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

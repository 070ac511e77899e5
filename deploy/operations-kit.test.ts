import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { type Harness, startHarness } from "../apps/identity/test/support/harness.ts";
import { type PostgresServer, startPostgres } from "../apps/identity/test/support/postgres.ts";
import { parsePrometheus, type Scrape } from "../apps/identity/test/support/prometheus.ts";
import {
  type Harness as ProviderHarness,
  startProvider,
} from "../apps/oauth2/test/support/harness.ts";

// The operations kit in deploy/: Prometheus's own checks of the alert rules (syntax, and the
// unit tests in moos-alerts.test.yml), and every metric the rules and the Grafana dashboard
// name is one the identity service (on PostgreSQL, as production runs it) and the OpenID
// provider export on GET /metrics. A renamed metric would otherwise leave an alert that never
// fires and a panel that stays empty.

const here = import.meta.dirname;
const rulesFile = path.join(here, "prometheus/moos-alerts.yml");
const dashboardFile = path.join(here, "grafana/moos-dashboard.json");

/** Series Prometheus makes itself rather than scraping them. */
const prometheusOwn = new Set(["up"]);
/**
 * Metrics the rules or the dashboard may name before the services export them (work under way):
 * until then they are named here, and the second check fails as soon as they are exported, so
 * the list is emptied then and the first check covers them like every other metric. Empty now.
 */
const awaited = new Set<string>([]);
const metricName = /\b[a-z_][a-z0-9_]*(?=\s*[{[)]|\s*$|\s*[<>=!]|\s+(?:or|and|unless|offset)\b)/g;

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync("promtool", args, { cwd: path.dirname(rulesFile), encoding: "utf8" });
  if (run.error)
    throw new Error(`promtool could not run (Debian's prometheus package): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The metric names a PromQL expression reads: what is left without strings, label sets and groupings, functions and keywords. */
function metricsOf(expr: string): string[] {
  const withoutLabels = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, "");
  const functionsAndKeywords =
    /^(sum|min|max|avg|count|rate|increase|histogram_quantile|topk|by|without|or|and|unless|offset|on|ignoring)$/;
  return [...withoutLabels.matchAll(metricName)]
    .map(([name]) => name)
    .filter((name) => !functionsAndKeywords.test(name) && !/^\d/.test(name));
}

function ruleExpressions(): string[] {
  const rules = parseYaml(readFileSync(rulesFile, "utf8")) as {
    groups: { rules: { expr: string }[] }[];
  };
  return rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr));
}

function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(readFileSync(dashboardFile, "utf8")) as {
    panels: { targets?: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
}

/** Whether a scrape exports the name: a family, or a histogram's _bucket, _sum or _count. */
function exports(scrape: Scrape, name: string): boolean {
  if (scrape.types.has(name)) return true;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  return base !== name && scrape.types.get(base) === "histogram";
}

let postgres: PostgresServer;
let identity: Harness;
let provider: ProviderHarness;
beforeAll(async () => {
  postgres = await startPostgres();
  [identity, provider] = await Promise.all([
    startHarness({}, { dsn: postgres.url }),
    startProvider(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([identity?.close(), provider?.close()]);
  await postgres?.stop();
});

describe("operations kit", () => {
  it("has alert rules Prometheus accepts, and alerts that fire as their tests say", () => {
    const checked = promtool("check", "rules", path.basename(rulesFile));
    expect(checked.output).toContain("SUCCESS");
    expect(checked.status).toBe(0);
    const tested = promtool("test", "rules", "moos-alerts.test.yml");
    expect(tested.output).toContain("SUCCESS");
    expect(tested.status).toBe(0);
  });

  it("uses only metrics the identity service and the provider export", async () => {
    const scrapes = await Promise.all(
      [identity.adminUrl, provider.adminUrl].map(async (url) =>
        parsePrometheus(await (await fetch(`${url}/metrics`)).text()),
      ),
    );
    const used = new Set([...ruleExpressions(), ...dashboardExpressions()].flatMap(metricsOf));
    // The extraction finds what it should (a broken one would pass on nothing).
    expect(used).toContain("moos_identity_courier_outbox_oldest_message_age_seconds");
    expect(used).toContain("moos_oauth2_http_request_duration_seconds_bucket");
    const exported = (name: string): boolean => scrapes.some((scrape) => exports(scrape, name));
    const missing = [...used].filter(
      (name) => !prometheusOwn.has(name) && !awaited.has(name) && !exported(name),
    );
    expect(missing).toEqual([]);
    expect([...awaited].filter(exported), "exported now: remove them from `awaited`").toEqual([]);
    expect([...awaited].filter((name) => !used.has(name))).toEqual([]);
  });
});

import { readFileSync } from "node:fs";

// The top self-time items of a V8 CPU profile (`node --cpu-prof`), as the closing notes of
// the benchmarks list them: function, file:line, self time in percent of all samples.
//
// Samples are counted, not weighted by the wall time between them: V8 takes a sample when the
// profiled thread runs, so on a busy machine a thread that waited for a core gets one long
// interval that would otherwise be charged to whatever it was doing (a syscall that woke
// another process, mostly). Counting approximates the thread's CPU time.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which samples count: those taken `sinceMs` or later after the profile started. */
export interface SampleWindow {
  sinceMs?: number;
}

function inWindow(profile: CpuProfile, window: SampleWindow): boolean[] {
  const since = (window.sinceMs ?? 0) * 1000;
  let at = 0;
  return profile.timeDeltas.map((delta) => {
    at += delta;
    return at >= since;
  });
}

export interface SelfTimeItem {
  functionName: string;
  location: string;
  selfPercent: number;
}

function shorten(url: string): string {
  const path = url.replace(/^file:\/\//, "");
  const modules = path.lastIndexOf("node_modules/");
  if (modules >= 0) return path.slice(modules + "node_modules/".length);
  const apps = path.indexOf("apps/");
  return apps >= 0 ? path.slice(apps) : path || "(native)";
}

/** Self time summed by package (node_modules name), app folder, wasm or native. */
export function selfTimeByArea(file: string, window: SampleWindow = {}): SelfTimeItem[] {
  return topSelfTime(file, Number.POSITIVE_INFINITY, window, (location) => {
    if (location.startsWith("wasm://")) return "PGlite's PostgreSQL (WebAssembly)";
    if (location.startsWith("apps/")) return location.split("/").slice(0, 4).join("/");
    if (location.startsWith("node:")) return "node: built-ins";
    if (!location.includes("/")) return location;
    const parts = location.split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? location);
  });
}

export function topSelfTime(
  file: string,
  count = 30,
  window: SampleWindow = {},
  groupBy?: (location: string) => string,
): SelfTimeItem[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const counted = inWindow(profile, window);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { item: Omit<SelfTimeItem, "selfPercent">; micros: number }>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const delta = 1;
    const frame = byId.get(id)?.callFrame;
    if (!frame || !counted[index]) return;
    all += delta;
    const location = `${shorten(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    const name = groupBy ? groupBy(location) : frame.functionName || "(anonymous)";
    const key = groupBy ? name : `${name}\u0000${location}`;
    const entry = totals.get(key) ?? {
      item: { functionName: name, location: groupBy ? "" : location },
      micros: 0,
    };
    entry.micros += delta;
    totals.set(key, entry);
  });
  return [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, count)
    .map(({ item, micros }) => ({ ...item, selfPercent: (100 * micros) / all }));
}

export function formatSelfTime(items: SelfTimeItem[]): string {
  return items
    .map(
      (item) =>
        `${item.selfPercent.toFixed(1).padStart(5)} %  ${item.functionName}  ${item.location}`,
    )
    .join("\n");
}

/**
 * Time spent in each function of `filter`'s files and everything it called (its inclusive
 * time), in percent of all samples: where a request's time goes, top down.
 */
export function inclusiveTime(
  file: string,
  filter: (location: string) => boolean,
  count = 30,
  window: SampleWindow = {},
): SelfTimeItem[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const counted = inWindow(profile, window);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    if (!counted[index]) return;
    const delta = 1;
    all += delta;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const location = `${shorten(frame.url)}:${frame.lineNumber + 1}`;
      if (!filter(location)) continue;
      const key = `${frame.functionName || "(anonymous)"}\u0000${location}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + delta);
    }
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => {
      const [functionName = "", location = ""] = key.split("\u0000");
      return { functionName, location, selfPercent: (100 * micros) / all };
    });
}

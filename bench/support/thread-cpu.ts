import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

// CPU time per thread of a process, from /proc/<pid>/task/<tid>/stat. V8's CPU profile only sees
// the main thread: under login load it reports the service mostly idle while its core is full of
// argon2id on libuv's threads. This shows where the core's time went, thread by thread.

export interface ThreadCpu {
  tid: number;
  name: string;
  userMs: number;
  systemMs: number;
}

/** Every thread's CPU time so far. */
export function threadCpu(pid: number): Map<number, ThreadCpu> {
  const threads = new Map<number, ThreadCpu>();
  for (const entry of readdirSync(`/proc/${pid}/task`)) {
    const tid = Number(entry);
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${entry}/stat`, "utf8");
    } catch {
      continue; // the thread ended meanwhile
    }
    // "tid (name) state ..."; the name may hold spaces and parentheses, so split after the last ")".
    const close = stat.lastIndexOf(")");
    const name = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // Fields 14 and 15 of proc(5), counted from the state (field 3).
    threads.set(tid, {
      tid,
      name,
      userMs: Number(fields[11]) * msPerTick(),
      systemMs: Number(fields[12]) * msPerTick(),
    });
  }
  return threads;
}

/** What each thread used between two readings. */
function usedBetween(before: Map<number, ThreadCpu>, after: Map<number, ThreadCpu>): ThreadCpu[] {
  return [...after.values()].map((thread) => {
    const start = before.get(thread.tid);
    return {
      ...thread,
      userMs: thread.userMs - (start?.userMs ?? 0),
      systemMs: thread.systemMs - (start?.systemMs ?? 0),
    };
  });
}

/** What each thread used between two readings, busiest first, per completed operation. */
export function formatThreadCpu(
  pid: number,
  before: Map<number, ThreadCpu>,
  after: Map<number, ThreadCpu>,
  operations: number,
): string {
  const rows = usedBetween(before, after)
    .map((thread) => ({
      label: thread.tid === pid ? "main thread" : `${thread.name} ${thread.tid}`,
      userMs: thread.userMs,
      systemMs: thread.systemMs,
    }))
    .filter((row) => row.userMs + row.systemMs > 0)
    .sort((a, b) => b.userMs + b.systemMs - (a.userMs + a.systemMs));
  const per = (ms: number): string => (ms / operations).toFixed(3);
  const total = rows.reduce((sum, row) => sum + row.userMs + row.systemMs, 0);
  return [
    ...rows.map(
      (row) =>
        `  ${per(row.userMs + row.systemMs)} ms/op (user ${per(row.userMs)}, system ${per(row.systemMs)})  ${row.label}`,
    ),
    `  ${per(total)} ms/op in all threads`,
  ].join("\n");
}

/** CPU time between two readings: the main thread's, and all other threads' together. */
export function mainAndOtherMs(
  pid: number,
  before: Map<number, ThreadCpu>,
  after: Map<number, ThreadCpu>,
): { mainMs: number; otherMs: number } {
  let mainMs = 0;
  let otherMs = 0;
  for (const thread of usedBetween(before, after)) {
    if (thread.tid === pid) mainMs += thread.userMs + thread.systemMs;
    else otherMs += thread.userMs + thread.systemMs;
  }
  return { mainMs, otherMs };
}

let tickMs: number | undefined;

/** proc(5) counts CPU time in clock ticks (USER_HZ, 100 on common Linux systems); asked once. */
function msPerTick(): number {
  if (tickMs === undefined) {
    const ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim());
    tickMs = 1000 / (ticks > 0 ? ticks : 100);
  }
  return tickMs;
}

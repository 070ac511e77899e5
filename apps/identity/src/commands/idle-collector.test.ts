import { getHeapStatistics } from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startIdleCollector } from "./idle-collector.ts";

const MB = 1024 * 1024;

describe("the idle collector", () => {
  let heap: number;
  let busy: number;
  let collections: number;
  const start = (collect?: () => Promise<void>, onError?: (error: unknown) => void) =>
    startIdleCollector({
      tickMs: 1_000,
      collect:
        collect ??
        (async () => {
          collections++;
          heap = 40 * MB;
        }),
      heapBytes: () => heap,
      utilization: () => busy,
      onError,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    heap = 80 * MB;
    busy = 0;
    collections = 0;
  });
  afterEach(() => vi.useRealTimers());

  it("collects once the loop is quiet, and again only after the heap has grown", async () => {
    const collector = start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(collections).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collections).toBe(1);
    heap = 70 * MB;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(collections).toBe(2);
    collector.stop();
  });

  it("never collects while requests keep the loop busy", async () => {
    busy = 0.3;
    const collector = start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(collections).toBe(0);
    busy = 0.01;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(collections).toBe(1);
    collector.stop();
  });

  it("reports a failed collection once and stops", async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    const collector = start(
      async () => {
        attempts++;
        throw new Error("no inspector");
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(attempts).toBe(1);
    expect(errors).toHaveLength(1);
    collector.stop();
  });

  it("stops ticking when stopped", async () => {
    start().stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collections).toBe(0);
  });

  it("gives memory back for real, through the in-process inspector, and the loop goes on", async () => {
    vi.useRealTimers();
    // Large arrays live outside the young generation: only a full collection frees them.
    let garbage: number[][] = Array.from({ length: 8 }, () => new Array<number>(1_000_000).fill(1));
    const withGarbage = getHeapStatistics().total_heap_size;
    garbage = [];
    let reported!: (bytes: number) => void;
    const afterCollection = new Promise<number>((resolve) => (reported = resolve));
    let calls = 0;
    const collector = startIdleCollector({
      tickMs: 20,
      idleUtilization: 1.01,
      worthBytes: 0,
      onError: () => reported(Number.NaN),
      // Read once to decide, once more when the collection has finished.
      heapBytes: () => {
        const bytes = getHeapStatistics().total_heap_size;
        if (++calls === 2) reported(bytes);
        return bytes;
      },
    });
    const bytes = await afterCollection;
    collector.stop();
    expect(bytes).toBeLessThan(withGarbage - 40 * MB);
    expect(garbage).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});

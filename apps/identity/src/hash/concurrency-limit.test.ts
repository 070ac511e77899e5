import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency-limit.ts";

describe("concurrencyLimit", () => {
  it("runs at most `limit` tasks at once, in the order they came, also when slots free up", async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) => () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      return new Promise<number>((resolve) =>
        releases.push(() => {
          running--;
          resolve(i);
        }),
      );
    };
    const results = [0, 1, 2, 3, 4].map((i) => limit(task(i)));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    releases.shift()!();
    // A newcomer while a slot is being handed over must wait its turn too.
    const late = limit(task(5));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all([...results, late])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("frees the slot of a task that fails", async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(() => Promise.resolve("next"))).toBe("next");
  });
});

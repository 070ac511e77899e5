import { describe, expect, it } from "vitest";
import { ksTwoSample, median } from "./ks-test.ts";

/** A fixed pseudo-random stream (mulberry32), so the tests never flake. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sample = (next: () => number, n: number, shift = 0): number[] =>
  Array.from({ length: n }, () => 20 + shift + next() * 4);

describe("ksTwoSample", () => {
  it("finds no difference between a sample and itself", () => {
    const a = sample(random(1), 300);
    expect(ksTwoSample(a, a)).toEqual({ d: 0, p: 1 });
  });

  it("computes D as the largest distance of the empirical distributions", () => {
    expect(ksTwoSample([1, 2, 3, 4], [3, 4, 5, 6]).d).toBe(0.5);
    expect(ksTwoSample([1, 2], [3, 4]).d).toBe(1);
    expect(ksTwoSample([1, 1, 2], [1, 2, 2]).d).toBeCloseTo(1 / 3);
  });

  it("matches Kolmogorov's distribution: D = 0.1 with 300 + 300 is p ≈ 0.093", () => {
    // λ = (√150 + 0.12 + 0.11/√150) · 0.1 = 1.2376; Q(1.2376) = 0.0934 (tabulated Q(1.24) = 0.0925).
    const a = Array.from({ length: 300 }, (_, i) => i);
    const b = a.map((v) => v + 30);
    const { d, p } = ksTwoSample(a, b);
    expect(d).toBeCloseTo(0.1, 10);
    expect(p).toBeCloseTo(0.0934, 3);
  });

  it("keeps p high for two samples of one distribution and tiny for shifted ones", () => {
    const next = random(7);
    expect(ksTwoSample(sample(next, 300), sample(next, 300)).p).toBeGreaterThan(0.01);
    expect(ksTwoSample(sample(next, 300), sample(next, 300, 1)).p).toBeLessThan(1e-6);
  });

  it("refuses empty samples", () => {
    expect(() => ksTwoSample([], [1])).toThrow();
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

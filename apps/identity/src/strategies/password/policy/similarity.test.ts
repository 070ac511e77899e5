import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTooSimilar, levenshteinDistance, longestCommonSubstringLength } from "./similarity.ts";

const chars = (value: string): string[] => Array.from(value);

describe("levenshteinDistance", () => {
  it.each([
    ["kitten", "sitting", 3],
    ["flaw", "lawn", 2],
    ["", "abc", 3],
    ["abc", "abc", 0],
    ["🐄x", "x", 1],
  ])("%j → %j is %i", (a, b, expected) => {
    expect(levenshteinDistance(chars(a), chars(b))).toBe(expected);
  });

  it("is a metric bounded by the longer string", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
        const distance = levenshteinDistance(chars(a), chars(b));
        expect(distance).toBe(levenshteinDistance(chars(b), chars(a)));
        expect(distance).toBeLessThanOrEqual(Math.max(chars(a).length, chars(b).length));
        expect(distance === 0).toBe(a === b);
      }),
    );
  });
});

describe("longestCommonSubstringLength", () => {
  it.each([
    ["abcdef", "zcdez", 3],
    ["jane.doe", "xjane.doe1234", 8],
    ["abc", "xyz", 0],
    ["", "abc", 0],
  ])("%j, %j is %i", (a, b, expected) => {
    expect(longestCommonSubstringLength(chars(a), chars(b))).toBe(expected);
  });

  it("finds an embedded string and never exceeds the shorter one", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (prefix, middle, suffix) => {
        const whole = chars(prefix + middle + suffix);
        expect(longestCommonSubstringLength(whole, chars(middle))).toBe(chars(middle).length);
        expect(longestCommonSubstringLength(chars(prefix), chars(suffix))).toBeLessThanOrEqual(
          Math.min(chars(prefix).length, chars(suffix).length),
        );
      }),
    );
  });
});

describe("isTooSimilar (Kratos's rule)", () => {
  it("refuses a distance below 5, case-insensitively", () => {
    expect(isTooSimilar("JANE@EXAMPLE.COM", "jane@example.com")).toBe(true);
    expect(isTooSimilar("jane@example.com1234", "jane@example.com")).toBe(true);
  });

  it("refuses a common substring over half the password", () => {
    // Distance 11, but "jane.doe" is 8 of the password's 15 characters.
    expect(isTooSimilar("jane.doe-xyzuvw", "jane.doe@example.com")).toBe(true);
    // 7 of 14 is exactly half: allowed.
    expect(isTooSimilar("jane.do-xyzuvw", "jane.doe@example.com")).toBe(false);
  });

  it("allows an unrelated password and skips empty or over-long input", () => {
    expect(isTooSimilar("correct horse battery", "jane@example.com")).toBe(false);
    expect(isTooSimilar("anything", "")).toBe(false);
    const long = "x".repeat(257);
    expect(isTooSimilar(long, long)).toBe(false);
    expect(isTooSimilar("x".repeat(256), "x".repeat(256))).toBe(true);
  });
});

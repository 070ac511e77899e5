import { describe, expect, it } from "vitest";
import { startOfDayInShopZone } from "./berlin-date";

describe("a lock until a date", () => {
  it("ends when that day begins in Berlin, in winter and in summer", () => {
    expect(startOfDayInShopZone("2026-12-24")?.toISOString()).toBe("2026-12-23T23:00:00.000Z");
    expect(startOfDayInShopZone("2026-07-01")?.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    // The night daylight saving time begins (29 March 2026): midnight is still winter time.
    expect(startOfDayInShopZone("2026-03-29")?.toISOString()).toBe("2026-03-28T23:00:00.000Z");
  });

  it("refuses what is not a date", () => {
    for (const wrong of ["", "2026-02-30", "24.12.2026", "2026-12-24T00:00"]) {
      expect(startOfDayInShopZone(wrong)).toBeUndefined();
    }
  });
});

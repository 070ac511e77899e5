import { describe, expect, it } from "vitest";
import { icuPlaceholders } from "./icu-placeholders";

describe("icuPlaceholders", () => {
  it("finds simple and typed arguments", () => {
    expect(icuPlaceholders("Hallo {name}, du hast {count, number} Punkte.")).toEqual(
      new Set(["name", "count"]),
    );
    expect(icuPlaceholders("Kein Platzhalter.")).toEqual(new Set());
  });

  it("finds plural and select arguments and those nested in their branches", () => {
    expect(
      icuPlaceholders(
        "{n, plural, one {# Eintrag von {owner}} other {# Einträge}} {g, select, f {sie} other {er}}",
      ),
    ).toEqual(new Set(["n", "owner", "g"]));
  });

  it("skips quoted text", () => {
    expect(icuPlaceholders("Schreib '{name}' so, und {real}. Das ist's.")).toEqual(
      new Set(["real"]),
    );
  });
});

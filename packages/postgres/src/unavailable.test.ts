import { describe, expect, it } from "vitest";
import { trackAvailability } from "./availability.ts";
import {
  DatabaseUnavailableError,
  hasSqlState,
  isDatabaseUnavailable,
  isServerUnavailableState,
} from "./unavailable.ts";

describe("isDatabaseUnavailable", () => {
  it("finds the error in a chain of causes, and nothing else", () => {
    const outage = new DatabaseUnavailableError("no connection");
    expect(isDatabaseUnavailable(outage)).toBe(true);
    expect(isDatabaseUnavailable(new Error("migration failed", { cause: outage }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("a bug"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    const loop = new Error("loop");
    Object.assign(loop, { cause: loop });
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});

describe("isServerUnavailableState", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it("takes the server's states for an outage, the query's for the query", () => {
    for (const code of ["08006", "08001", "57P01", "57P02", "57P03", "57014", "53300", "25006"])
      expect(isServerUnavailableState(withCode(code)), code).toBe(true);
    for (const code of ["23505", "42601", "28P01", "3D000", "ECONNREFUSED"])
      expect(isServerUnavailableState(withCode(code)), code).toBe(false);
    expect(hasSqlState(withCode("28P01"))).toBe(true);
    expect(hasSqlState(withCode("ECONNREFUSED"))).toBe(false);
  });
});

describe("trackAvailability", () => {
  it("reports an outage once when it starts and once when a query sent after it succeeds", () => {
    const events: string[] = [];
    const availability = trackAvailability({
      onUnavailable: (error) => events.push(`down: ${error.message}`),
      onAvailable: () => events.push("up"),
    });
    const sentBefore = performance.now() - 1;
    availability.failed(new Error("connection lost"));
    availability.failed(new Error("connection refused"));
    // A query sent before the outage that answers late proves nothing.
    availability.succeeded(sentBefore);
    expect(availability.isAvailable()).toBe(false);
    availability.succeeded(performance.now());
    expect(availability.isAvailable()).toBe(true);
    expect(events).toEqual(["down: connection lost", "up"]);
  });
});

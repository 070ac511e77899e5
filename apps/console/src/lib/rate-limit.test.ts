import { describe, expect, it } from "vitest";
import { RATE_LIMITS, RateLimiter } from "./rate-limit";

describe("the console's rate limits", () => {
  it("refuse an address over its limit for the rest of the minute, and count each kind apart", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < RATE_LIMITS.auth.limit; i += 1) {
      expect(limiter.take("auth", "203.0.113.7").allowed).toBe(true);
    }
    expect(limiter.take("auth", "203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.take("auth", "203.0.113.8").allowed).toBe(true);
    expect(limiter.take("page", "203.0.113.7").allowed).toBe(true);
    now += 60_000;
    expect(limiter.take("auth", "203.0.113.7").allowed).toBe(true);
  });
});

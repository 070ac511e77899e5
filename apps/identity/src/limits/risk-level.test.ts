import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/load-config.ts";
import { riskOf } from "./risk-level.ts";
import type { RiskCounts } from "./risk-signals.ts";

// From the counts to what a submit meets, with the documented defaults
// (docs/security.md#the-thresholds-and-why).

const config = loadConfig({ env: {}, overrides: { dev: true, dsn: "memory://" } }).bot_defence;

function counts(partial: Partial<RiskCounts>): RiskCounts {
  return {
    ipTargets: 1,
    networkTargets: 1,
    targetSubmits: 1,
    shopWide: { surge: false, stuffing: false },
    ...partial,
  };
}

describe("the risk of a submit", () => {
  it("is nothing for customers behind one address: an office, a carrier's NAT, a busy /24", () => {
    expect(
      riskOf(
        counts({ ipTargets: 9, networkTargets: 19, targetSubmits: 9 }),
        "registration",
        config,
      ),
    ).toEqual({ action: "none" });
    expect(
      riskOf(counts({ ipTargets: 9, networkTargets: 19, targetSubmits: 9 }), "login", config),
    ).toEqual({ action: "none" });
  });

  it.each([
    [10, { action: "challenge", level: 1, signal: "ip" }],
    [19, { action: "challenge", level: 1, signal: "ip" }],
    [20, { action: "challenge", level: 2, signal: "ip" }],
    [40, { action: "challenge", level: 3, signal: "ip" }],
    [80, { action: "challenge", level: 4, signal: "ip" }],
    [99, { action: "challenge", level: 4, signal: "ip" }],
    [100, { action: "refuse", signal: "ip" }],
  ])("climbs a level with each doubling of different addresses from one client: %i", (n, risk) => {
    expect(riskOf(counts({ ipTargets: n }), "login", config)).toEqual(risk);
  });

  it("takes the strongest signal", () => {
    expect(
      riskOf(counts({ ipTargets: 10, networkTargets: 80, targetSubmits: 10 }), "login", config),
    ).toEqual({ action: "challenge", level: 3, signal: "network" });
    expect(riskOf(counts({ ipTargets: 10, targetSubmits: 100 }), "login", config)).toEqual({
      action: "refuse",
      signal: "target",
    });
  });

  it("holds networks to the surge's thresholds while registrations surge, and only registrations", () => {
    const wave = { surge: true, stuffing: false };
    // A newsletter's wave: one or two people from each network meet nothing.
    expect(riskOf(counts({ networkTargets: 2, shopWide: wave }), "registration", config)).toEqual({
      action: "none",
    });
    expect(riskOf(counts({ networkTargets: 3, shopWide: wave }), "registration", config)).toEqual({
      action: "challenge",
      level: 1,
      signal: "surge",
    });
    expect(riskOf(counts({ networkTargets: 30, shopWide: wave }), "registration", config)).toEqual({
      action: "refuse",
      signal: "surge",
    });
    expect(riskOf(counts({ networkTargets: 30, shopWide: wave }), "login", config)).toEqual({
      action: "challenge",
      level: 1,
      signal: "network",
    });
  });

  it("challenges every sign-in lightly during credential stuffing, and no registration", () => {
    const stuffing = { surge: false, stuffing: true };
    expect(riskOf(counts({ shopWide: stuffing }), "login", config)).toEqual({
      action: "challenge",
      level: 1,
      signal: "credential_stuffing",
    });
    expect(riskOf(counts({ shopWide: stuffing }), "registration", config)).toEqual({
      action: "none",
    });
  });

  it("is nothing at all when the defence is off", () => {
    expect(riskOf(counts({ ipTargets: 1000 }), "login", { ...config, enabled: false })).toEqual({
      action: "none",
    });
  });
});

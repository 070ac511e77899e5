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
  it("is nothing for a customer: one address, a few submits", () => {
    expect(
      riskOf(counts({ ipTargets: 2, networkTargets: 2, targetSubmits: 4 }), "registration", config),
    ).toEqual({
      action: "none",
    });
  });

  it.each([
    [3, { action: "challenge", level: 1, signal: "ip" }],
    [5, { action: "challenge", level: 1, signal: "ip" }],
    [6, { action: "challenge", level: 2, signal: "ip" }],
    [12, { action: "challenge", level: 3, signal: "ip" }],
    [24, { action: "challenge", level: 4, signal: "ip" }],
    [29, { action: "challenge", level: 4, signal: "ip" }],
    [30, { action: "refuse", signal: "ip" }],
  ])("climbs a level with each doubling of different addresses from one client: %i", (n, risk) => {
    expect(riskOf(counts({ ipTargets: n }), "login", config)).toEqual(risk);
  });

  it("takes the strongest signal", () => {
    expect(
      riskOf(counts({ ipTargets: 3, networkTargets: 12, targetSubmits: 5 }), "login", config),
    ).toEqual({ action: "challenge", level: 3, signal: "network" });
    expect(riskOf(counts({ ipTargets: 3, targetSubmits: 50 }), "login", config)).toEqual({
      action: "refuse",
      signal: "target",
    });
  });

  it("holds networks to the surge's thresholds while registrations surge, and only registrations", () => {
    const wave = { surge: true, stuffing: false };
    expect(riskOf(counts({ networkTargets: 1, shopWide: wave }), "registration", config)).toEqual({
      action: "none",
    });
    expect(riskOf(counts({ networkTargets: 2, shopWide: wave }), "registration", config)).toEqual({
      action: "challenge",
      level: 1,
      signal: "surge",
    });
    expect(riskOf(counts({ networkTargets: 3, shopWide: wave }), "registration", config)).toEqual({
      action: "refuse",
      signal: "surge",
    });
    expect(riskOf(counts({ networkTargets: 3, shopWide: wave }), "login", config)).toEqual({
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

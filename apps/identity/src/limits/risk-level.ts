import type { Config, Threshold } from "../config/config.ts";
import type { RiskCounts, RiskFlow } from "./risk-signals.ts";

// From the counts to what a submit meets (docs/security.md#bot-defence): nothing below every
// threshold; from a count's `challenge_from`, a proof of work of level 1, one level harder at
// each doubling of the count, up to `challenge.levels`; from its `refuse_from`, a refusal. The
// highest signal decides. A proof of work only slows a script down, so where the counts are
// overwhelming the answer is no.

/** What made the decision: for the log line, the metrics and the tests. */
export type RiskSignal = "ip" | "network" | "target" | "surge" | "credential_stuffing";

export type Risk =
  | { readonly action: "none" }
  | { readonly action: "challenge"; readonly level: number; readonly signal: RiskSignal }
  | { readonly action: "refuse"; readonly signal: RiskSignal };

const none: Risk = { action: "none" };

function riskOfCount(
  count: number,
  threshold: Threshold,
  levels: number,
  signal: RiskSignal,
): Risk {
  if (count >= threshold.refuse_from) return { action: "refuse", signal };
  if (count < threshold.challenge_from) return none;
  const level = 1 + Math.floor(Math.log2(count / threshold.challenge_from));
  return { action: "challenge", level: Math.min(levels, level), signal };
}

/** The stronger of two: a refusal, else the higher level. */
function stronger(a: Risk, b: Risk): Risk {
  if (a.action === "refuse") return a;
  if (b.action === "refuse") return b;
  if (b.action === "none") return a;
  if (a.action === "none") return b;
  return b.level > a.level ? b : a;
}

export function riskOf(counts: RiskCounts, flow: RiskFlow, config: Config["bot_defence"]): Risk {
  if (!config.enabled) return none;
  const { levels } = config.challenge;
  // During a surge of registrations a network is held to the tighter thresholds.
  const surge = flow === "registration" && counts.shopWide.surge;
  const network = surge ? config.surge.network : config.network;
  const candidates: Risk[] = [
    riskOfCount(counts.ipTargets, config.ip, levels, "ip"),
    riskOfCount(counts.networkTargets, network, levels, surge ? "surge" : "network"),
    riskOfCount(counts.targetSubmits, config.target, levels, "target"),
  ];
  if (flow === "login" && counts.shopWide.stuffing) {
    candidates.push({ action: "challenge", level: 1, signal: "credential_stuffing" });
  }
  return candidates.reduce(stronger, none);
}

import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/load-config.ts";
import type { Deps } from "../deps/deps.ts";
import { attemptsOf, issueChallenge, verifyChallenge } from "./challenge.ts";

// The proof of work on ALTCHA's v2 protocol (docs/security.md#the-proof-of-work): issued for a
// flow, solved with ALTCHA's own solver, and verified: bound to the flow and to the challenge it
// asks for now, used once, expiring by our clock.

const config = loadConfig({
  env: {},
  overrides: {
    dev: true,
    dsn: "memory://",
    bot_defence: { challenge: { cost: 10, attempts: 20, growth: 4, lifespan: "10m" } },
  },
});

/** Deps with a clock to move and the counters of `rate_limits` in memory. */
function fakeDeps(): Deps & { clock: Date } {
  const counts = new Map<string, number>();
  const deps = {
    config,
    // Now: ALTCHA's own check reads the machine's clock for the expiry too.
    clock: new Date(),
    now: (): Date => deps.clock,
    persistence: {
      limits: {
        hitMany: async (hits: readonly { key: string }[]): Promise<Map<string, number>> => {
          for (const { key } of hits) counts.set(key, (counts.get(key) ?? 0) + 1);
          return new Map(hits.map(({ key }) => [key, counts.get(key) ?? 0]));
        },
      },
    },
  };
  return deps as unknown as Deps & { clock: Date };
}

async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return payload(challenge, solution);
}

function payload(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  ).toString("base64");
}

const flowId = "5f0c7a1e-6a4e-4d1b-9a59-0c7d3c1c2b11";

describe("a challenge", () => {
  it("names its flow and level, expires with the lifespan and costs what its level says", async () => {
    const deps = fakeDeps();
    const challenge = await issueChallenge(deps, { flowId, level: 2 });
    expect(challenge.parameters).toMatchObject({
      algorithm: "PBKDF2/SHA-256",
      cost: 10,
      data: { flow: flowId, level: 2 },
      // In whole seconds, as ALTCHA writes it.
      expiresAt: Math.floor(deps.clock.getTime() / 1000 + 600),
    });
    expect([1, 2, 3].map((level) => attemptsOf(deps, level))).toEqual([20, 80, 320]);
    const { counter } = (await solveChallenge({ challenge, deriveKey }))!;
    // Between half and all of the level's attempts (counting from 0).
    expect(counter).toBeGreaterThanOrEqual(39);
    expect(counter).toBeLessThan(80);
  });
});

describe("a solution", () => {
  it("is verified once: the second use of the same solution is refused", async () => {
    const deps = fakeDeps();
    const challenge = await issueChallenge(deps, { flowId, level: 1 });
    const pending = JSON.stringify(challenge);
    const response = await solved(challenge);
    expect(await verifyChallenge(deps, { flowId, pending, response })).toBe("solved");
    expect(await verifyChallenge(deps, { flowId, pending, response })).toBe("reused");
  });

  it.each([
    ["no solution", undefined, "missing"],
    ["an empty one", "", "missing"],
    ["not base64 JSON", "bm90IGEgcGF5bG9hZA==", "invalid"],
    ["far too long", "A".repeat(5000), "invalid"],
  ] as const)("refuses %s", async (_, response, verdict) => {
    const deps = fakeDeps();
    const pending = JSON.stringify(await issueChallenge(deps, { flowId, level: 1 }));
    expect(await verifyChallenge(deps, { flowId, pending, response })).toBe(verdict);
  });

  it("refuses a wrong key, a forged level and a challenge signed with another secret", async () => {
    const deps = fakeDeps();
    const challenge = await issueChallenge(deps, { flowId, level: 1 });
    const pending = JSON.stringify(challenge);
    const right = (await solveChallenge({ challenge, deriveKey }))!;
    const verdict = (response: string): Promise<string> =>
      verifyChallenge(deps, { flowId, pending, response });

    expect(await verdict(payload(challenge, { ...right, derivedKey: "00" }))).toBe("invalid");
    const easier = {
      ...challenge,
      parameters: { ...challenge.parameters, data: { flow: flowId, level: 0 } },
    };
    expect(await verdict(payload(easier, right))).toBe("invalid");
    const otherSecret = loadConfig({
      env: {},
      overrides: {
        dev: true,
        dsn: "memory://",
        secrets: { default: ["another-secret-of-at-least-32-characters"] },
        bot_defence: { challenge: { cost: 10, attempts: 20 } },
      },
    });
    const foreign = await issueChallenge({ ...deps, config: otherSecret } as Deps, {
      flowId,
      level: 1,
    });
    expect(await verdict(await solved(foreign))).toBe("invalid");
  });

  it("belongs to its flow and to the challenge the flow asks for now", async () => {
    const deps = fakeDeps();
    const other = await issueChallenge(deps, { flowId: "another-flow", level: 1 });
    const first = await issueChallenge(deps, { flowId, level: 1 });
    const replaced = await issueChallenge(deps, { flowId, level: 2 });
    const pending = JSON.stringify(replaced);
    const verdict = async (challenge: Challenge): Promise<string> =>
      verifyChallenge(deps, { flowId, pending, response: await solved(challenge) });
    expect(await verdict(other)).toBe("other_flow");
    expect(await verdict(first)).toBe("reused");
    expect(await verdict(replaced)).toBe("solved");
  });

  it("expires with its challenge, by the service's clock", async () => {
    const deps = fakeDeps();
    const challenge = await issueChallenge(deps, { flowId, level: 1 });
    const response = await solved(challenge);
    deps.clock = new Date(deps.clock.getTime() + 10 * 60_000);
    const pending = JSON.stringify(challenge);
    expect(await verifyChallenge(deps, { flowId, pending, response })).toBe("expired");
  });
});

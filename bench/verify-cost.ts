import type { Deps } from "../apps/identity/src/deps/deps.ts";
import { issueChallenge, verifyChallenge } from "../apps/identity/src/limits/challenge.ts";
import { solve } from "../apps/identity/test/support/bot-client.ts";
import { benchServiceConfig } from "./support/bench-config.ts";

// The service's CPU time per verified solution (docs/security.md#the-proof-of-work): the
// service's own verifyChallenge (ALTCHA's verifySolution with the service's keys: the payload
// parsed, the challenge's HMAC and the derived key's HMAC checked, no key derivation) on a
// level-1 challenge of the service's own issueChallenge, solved once, over and over, with
// process.cpuUsage around them. The database's count that makes a solution single-use is left
// out (a counter that always says "first use"): it is one statement, measured with the
// service's other queries. Run by bench/bot-defence.ts in a process of its own, pinned with
// taskset to the service's core; prints the microseconds per verification as JSON.

const verifications = Number(process.argv[2] ?? 20_000);
const config = benchServiceConfig(Number(process.env.BENCH_PORT ?? 5333));
const deps = {
  config,
  now: () => new Date(),
  persistence: {
    limits: {
      hitMany: async (hits: readonly { key: string }[]): Promise<Map<string, number>> =>
        new Map(hits.map((hit) => [hit.key, 1])),
    },
  },
} as unknown as Deps;

const flowId = "00000000-0000-4000-8000-000000000031";
const challenge = await issueChallenge(deps, { flowId, level: 1 });
const pending = JSON.stringify(challenge);
const response = await solve(challenge);
const verifyOnce = async (): Promise<void> => {
  const verdict = await verifyChallenge(deps, { flowId, pending, response });
  if (verdict !== "solved") throw new Error(`the solution was not verified: ${verdict}`);
};
// The JIT's warm-up, not counted.
for (let i = 0; i < 2000; i++) await verifyOnce();
const before = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < verifications; i++) await verifyOnce();
const used = process.cpuUsage(before);
const wallMs = performance.now() - started;
console.log(
  JSON.stringify({
    verifications,
    cpuMicroseconds: (used.user + used.system) / verifications,
    wallMicroseconds: (1000 * wallMs) / verifications,
  }),
);

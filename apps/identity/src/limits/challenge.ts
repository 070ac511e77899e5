import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Deps } from "../deps/deps.ts";
import { secretHash } from "../security/secret-hash.ts";

// The proof of work (docs/security.md#the-proof-of-work), on ALTCHA's v2 protocol
// (https://altcha.org/docs/v2/): the solver tries counters until PBKDF2-SHA-256 of the
// challenge's nonce and counter starts with the challenge's key prefix. We pick the counter
// (deterministic mode), so a level's cost is known: a random number of attempts between half
// and all of `attempts × growth^(level - 1)`, each `cost` PBKDF2 iterations. The challenge is
// signed, and so is the key it leads to (`keySignature`): verifying a solution is two HMACs,
// no key derivation.
//
// A solution is bound to its flow (the signed `data.flow`) and to the challenge the flow asks
// for now (each submit that meets the defence gets a fresh one, at the level the risk then has),
// expires with the challenge (`expiresAt`, by our clock) and is used once (its signature is
// counted in `rate_limits` until it expires; a second use finds it there, even when two submits
// race).

export type ChallengeVerdict =
  | "solved"
  /** The submit carried no solution. */
  | "missing"
  /** Not ALTCHA's payload, or signed with another key, or the key does not match. */
  | "invalid"
  | "expired"
  /** A solution of another flow's challenge. */
  | "other_flow"
  /** A solution used before, or of a challenge of this flow that a newer one replaced. */
  | "reused";

export const altchaAlgorithm = "PBKDF2/SHA-256";

/** The HMAC keys, derived from the service secret: one signs challenges, one derived keys. */
function keys(deps: Deps): { signature: string; key: string } {
  const secret = deps.config.secrets.default[0]!;
  return {
    signature: secretHash(secret, "altcha", "challenge"),
    key: secretHash(secret, "altcha", "derived-key"),
  };
}

/** The most attempts a challenge of this level takes. */
export function attemptsOf(deps: Deps, level: number): number {
  const { attempts, growth } = deps.config.bot_defence.challenge;
  return attempts * growth ** (level - 1);
}

export async function issueChallenge(
  deps: Deps,
  options: { flowId: string; level: number },
): Promise<Challenge> {
  const { cost, lifespan } = deps.config.bot_defence.challenge;
  const most = attemptsOf(deps, options.level);
  const secrets = keys(deps);
  return createChallenge({
    algorithm: altchaAlgorithm,
    cost,
    deriveKey,
    // The counter the solver must reach; counting starts at 0.
    counter: randomInt(most, Math.max(1, Math.ceil(most / 2))) - 1,
    data: { flow: options.flowId, level: options.level },
    expiresAt: new Date(deps.now().getTime() + lifespan),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

/** ALTCHA's payload: base64 of `{"challenge": ..., "solution": {"counter", "derivedKey"}}`. */
function parsePayload(response: string): Payload | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(response, "base64").toString("utf8"));
    if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return;
    const { challenge, solution } = value;
    if (!isRecord(challenge.parameters) || typeof challenge.signature !== "string") return;
    if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return;
    return value as unknown as Payload;
  } catch {
    return undefined;
  }
}

function signatureOf(challengeJson: string | undefined): string | undefined {
  if (!challengeJson) return undefined;
  const challenge: unknown = JSON.parse(challengeJson);
  return isRecord(challenge) && typeof challenge.signature === "string"
    ? challenge.signature
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Whether `response` solves `pending`, the challenge (ALTCHA's JSON) flow `flowId` asks for;
 * marks it used if so.
 */
export async function verifyChallenge(
  deps: Deps,
  options: { flowId: string; pending: string | undefined; response: string | undefined },
): Promise<ChallengeVerdict> {
  if (!options.response) return "missing";
  // A payload is a few hundred bytes; anything much longer is not one.
  if (options.response.length > 4096) return "invalid";
  const payload = parsePayload(options.response);
  if (!payload) return "invalid";
  const { parameters } = payload.challenge;
  if (parameters.algorithm !== altchaAlgorithm || !parameters.keySignature) return "invalid";
  // Expiry by our clock first (a forged date only earns a refusal), then ALTCHA's checks, which
  // read the machine's clock for the same date.
  if (!parameters.expiresAt || parameters.expiresAt * 1000 <= deps.now().getTime())
    return "expired";
  const secrets = keys(deps);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  }).catch(() => undefined);
  if (!result?.verified) return result?.expired ? "expired" : "invalid";
  if (parameters.data?.flow !== options.flowId) return "other_flow";
  if (signatureOf(options.pending) !== payload.challenge.signature) return "reused";
  const key = `challenge-used:${payload.challenge.signature}`;
  const remaining = parameters.expiresAt * 1000 - deps.now().getTime();
  const uses = await deps.persistence.limits.hitMany([{ key, windowMs: remaining }], deps.now());
  return uses.get(key) === 1 ? "solved" : "reused";
}

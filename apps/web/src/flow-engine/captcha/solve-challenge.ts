// Solves the flow's ALTCHA challenge in the browser (docs/web-app.md#bot-defence), with ALTCHA's
// own solver (`altcha/lib`, its v2 protocol). Loaded only on a screen whose flow carries a
// challenge. Each attempt is one PBKDF2 of the browser's Web Crypto, which computes it off the
// main thread, so typing stays smooth; a few solvers run side by side on interleaved counters,
// and the first to find the key stops the others.

import { type Challenge, pbkdf2, solveChallenge } from "altcha/lib";

/** How many counters are tried at once: the browser's cores, at most four. */
function parallel(): number {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
}

/** ALTCHA's payload for the challenge (base64 JSON), or undefined when it cannot be solved. */
export async function solveAltcha(
  challengeJson: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  const challenge = JSON.parse(challengeJson) as Challenge;
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort(), { once: true });
  const step = parallel();
  const solvers = Array.from({ length: step }, (_, start) =>
    solveChallenge({
      challenge,
      deriveKey: pbkdf2.deriveKey,
      controller,
      counterStart: start,
      counterStep: step,
    }).then((solution) => {
      if (!solution) throw new Error("not solved");
      return solution;
    }),
  );
  try {
    const solution = await Promise.any(solvers);
    return btoa(
      JSON.stringify({
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      }),
    );
  } catch {
    return undefined;
  } finally {
    controller.abort();
  }
}

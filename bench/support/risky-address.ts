import { benchPassword } from "./accounts.ts";

// A client address put at risk as a script puts it (docs/security.md#bot-defence): sign-ins
// with different unknown identifiers from it, each a new target of the address and of its
// network. Sign-ins rather than registrations, so that the shop-wide registrations a minute stay
// below a surge's minimum (a surge would hold the address's network to tighter thresholds, and
// the challenge's level would be the network's, not the address's).

/** Signs in from `ip` once with each identifier (unknown: each fails, or meets the defence). */
export async function signInAttempts(
  identityUrl: string,
  ip: string,
  identifiers: readonly string[],
): Promise<void> {
  const headers = { accept: "application/json", "x-forwarded-for": ip };
  for (const identifier of identifiers) {
    const started = await fetch(`${identityUrl}/self-service/login/api`, { headers });
    const flow = (await started.json()) as { id: string };
    const answer = await fetch(`${identityUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ method: "password", identifier, password: benchPassword }),
    });
    await answer.arrayBuffer();
  }
}

/** `count` identifiers of a script at `ip`, numbered from `from`. */
export function scriptIdentifiers(ip: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `script-${ip}-${from + i}@posteo.de`);
}

import type { Deps } from "../../deps/deps.ts";

/**
 * Claims a one-time use (a TOTP time step, a backup code) for every instance sharing the
 * database: the first caller gets true, every later one false while the claim lasts. Built on
 * the rate-limit table's atomic upsert, so two concurrent submits cannot both win.
 */
export async function claimOnce(deps: Deps, key: string, lastsMs: number): Promise<boolean> {
  const { count } = await deps.persistence.limits.hit(`claim:${key}`, lastsMs, deps.now());
  return count === 1;
}

/** Kratos's boolean submits arrive as JSON `true` or the form string "true". */
export function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

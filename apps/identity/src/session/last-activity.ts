import type { Deps } from "../deps/deps.ts";

// Each session's last activity, for the active sessions in settings. whoami is called on most
// page views, so writing on every call would cost a write per request: each instance writes at
// most once per session every five minutes (a busy session's time is that exact at worst).

const everyMs = 5 * 60 * 1000;
const maxRemembered = 50_000;
const lastWritten = new Map<string, number>();

export async function touchSessionActivity(deps: Deps, sessionId: string): Promise<void> {
  const now = deps.now();
  const last = lastWritten.get(sessionId);
  if (last !== undefined && now.getTime() - last < everyMs) return;
  if (lastWritten.size >= maxRemembered) lastWritten.clear();
  lastWritten.set(sessionId, now.getTime());
  await deps.persistence.security.touchSession(sessionId, now);
}

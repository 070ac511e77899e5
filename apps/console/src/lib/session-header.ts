// The signed-in staff member as the proxy hands them to pages and server actions: a request
// header only the proxy writes (server.mjs and the proxy drop every `x-moos-*` header a client
// sends), holding the session without its ID token. Pages and actions read it here instead of
// opening the cookie again; the proxy has already checked it and moved its idle time on.

import type { StaffSession } from "./staff-session";

export const SESSION_HEADER = "x-moos-staff-session";

export type SessionFacts = Omit<StaffSession, "idToken">;

export function toSessionHeader(session: StaffSession): string {
  const { idToken: _kept, ...facts } = session;
  return JSON.stringify(facts);
}

export function fromSessionHeader(value: string | null): SessionFacts | undefined {
  if (!value) return undefined;
  try {
    const facts = JSON.parse(value) as SessionFacts;
    return typeof facts.sub === "string" && typeof facts.sid === "string" ? facts : undefined;
  } catch {
    return undefined;
  }
}

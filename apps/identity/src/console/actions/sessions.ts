import type { Body } from "../../http/body.ts";
import { uuidPattern } from "../../session/handlers.ts";
import { type ChangeSpec, nothingToDo } from "../change.ts";
import { badField } from "../errors.ts";
import { tellCustomer } from "./tell-customer.ts";

// `POST .../sessions/revoke`: one session (`session_id`) or all. The customer is signed out at
// once on this instance and within a second on every other (session-cache.ts).

export const revokeSessions: ChangeSpec<{ session_id?: string }> = {
  action: "sessions.revoke",
  parse(body: Body) {
    const id = body.session_id;
    if (id === undefined || id === null) return {};
    if (typeof id !== "string" || !uuidPattern.test(id))
      throw badField("session_id", "The session_id must be a session's id.");
    return { session_id: id };
  },
  async act(change) {
    const { tx, identity, input, now } = change;
    if (input.session_id) {
      const session = await tx.sessions.getSession(input.session_id);
      const active =
        session?.identity_id === identity.id && session.active && session.expires_at > now;
      if (!active || !(await tx.sessions.revokeSession(identity.id, input.session_id)))
        throw nothingToDo("The session has ended already.");
      await tellCustomer(change, "support_sessions_revoked", { scope: "one" });
      return { details: { scope: "one", session_id: input.session_id, sessions: 1 } };
    }
    const ended = await tx.sessions.revokeSessionsOfIdentity(identity.id, {});
    if (ended === 0) throw nothingToDo("The customer has no active session.");
    await tellCustomer(change, "support_sessions_revoked", { scope: "all" });
    return { details: { scope: "all", sessions: ended } };
  },
};

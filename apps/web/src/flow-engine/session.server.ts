// Reading the browser's session (GET /sessions/whoami). An account with a second factor whose
// session has only the first one gets 403 session_aal2_required (docs/protocol.md#session-endpoints, the
// identity service's `session.whoami.required_aal: highest_available`): that is not "signed out"
// but "finish signing in", so the caller sends the customer to the second-factor step. And a
// 503 (its database is away, docs/production.md#when-the-database-is-down) is not "signed out"
// either: the customer is told to try again in a moment, not shown the signed-out landing.

import type { Session } from "@ory/client-fetch";
import { config } from "../lib/config";
import { type IdentityClient, IdentityError } from "../lib/identity-client";
import { toOwnOrigin, toOwnPath } from "../lib/identity-url";
import type { Locale } from "../lib/locale";
import { errorIdOf, isUnavailable, nextStepForError } from "./flow-error";
import { stepUrl } from "./step-url";

export type SessionRead =
  | { readonly state: "active"; readonly session: Session }
  | { readonly state: "signed-out" }
  /** Signed in with the first factor only: `url` is the second-factor step, on this origin. */
  | { readonly state: "second-factor"; readonly url: string }
  /** The identity service is briefly unavailable: whether there is a session is not known. */
  | { readonly state: "unavailable" };

export async function readSession(client: IdentityClient, locale: Locale): Promise<SessionRead> {
  try {
    return { state: "active", session: await client.call((api) => api.toSession()) };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    if (isUnavailable({ status: error.status, data: error.data })) return { state: "unavailable" };
    if (errorIdOf(error.data) !== "session_aal2_required") return { state: "signed-out" };
    const step = nextStepForError({ status: error.status, data: error.data }, { flow: "login" });
    const target =
      step.type === "unhandled"
        ? stepUrl({ type: "screen", screen: "login", query: { aal: "aal2" } }, locale)
        : stepUrl(step, locale);
    return {
      state: "second-factor",
      url: toOwnPath(toOwnOrigin(target, config.orySdkUrl), config.publicBaseUrl, locale),
    };
  }
}

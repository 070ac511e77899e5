import { verifierUrl } from "../provider/logout.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { flowErrors } from "./flow-error.ts";

// Hydra's logout request: `GET /admin/oauth2/auth/requests/logout`, `PUT .../accept`,
// `PUT .../reject`. The logout app (the web app) ends the identity service's session and
// accepts; the browser then goes to `redirect_to`, where the provider ends its own session,
// sends back-channel logouts and returns to the client's `post_logout_redirect_uri`.

async function load(deps: FlowDeps, challenge: string) {
  const request = challenge ? await deps.logouts.get(challenge) : undefined;
  if (!request) throw flowErrors.notFound("The logout challenge is unknown or has expired.");
  return request;
}

export async function getLogoutRequest(
  deps: FlowDeps,
  challenge: string,
): Promise<Record<string, unknown>> {
  const request = await load(deps, challenge);
  if (request.state !== "pending") throw flowErrors.gone(request.requestUrl);
  const client = request.clientId ? (await deps.clients.get(request.clientId))?.client : undefined;
  return {
    challenge: request.challenge,
    subject: request.subject,
    sid: request.sid,
    request_url: request.requestUrl,
    rp_initiated: request.rpInitiated,
    ...(client ? { client } : {}),
    requested_at: request.requestedAt.toISOString(),
    expires_at: request.expiresAt.toISOString(),
  };
}

export async function acceptLogoutRequest(
  deps: FlowDeps,
  challenge: string,
): Promise<{ redirect_to: string }> {
  const request = await load(deps, challenge);
  if (!(await deps.logouts.answer(challenge, "accepted"))) {
    throw flowErrors.conflict("The logout request was already answered.");
  }
  return { redirect_to: verifierUrl(deps.issuer, request.verifier) };
}

/** Hydra answers 204: the logout app sends the browser wherever it sees fit. */
export async function rejectLogoutRequest(deps: FlowDeps, challenge: string): Promise<void> {
  await load(deps, challenge);
  if (!(await deps.logouts.answer(challenge, "rejected"))) {
    throw flowErrors.conflict("The logout request was already answered.");
  }
}

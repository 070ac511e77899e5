import type { Interaction } from "oidc-provider";
import { loginAppReason } from "../provider/interaction-policy.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { flowErrors } from "./flow-error.ts";
import {
  clientOf,
  loadInteraction,
  oidcContext,
  refuseAnswered,
  rejection,
  requestedScope,
  requestUrl,
} from "./interactions.ts";

// Hydra's login request: `GET /admin/oauth2/auth/requests/login`, `PUT .../accept`,
// `PUT .../reject` (https://www.ory.sh/docs/hydra/guides/custom-ui-oauth2). The login app (the
// identity service, as Kratos does with `oauth2_provider.url`) reads the request, signs the
// person in unless `skip` is true, and accepts with the subject; the browser then goes to
// `redirect_to`, back to the provider.

export interface AcceptLoginBody {
  subject: string;
  remember?: boolean;
  remember_for?: number;
  acr?: string;
  amr?: string[];
  context?: Record<string, unknown>;
  extend_session_lifespan?: boolean;
  identity_provider_session_id?: string;
}

export interface RejectBody {
  error?: string;
  error_description?: string;
  error_hint?: string;
}

interface SessionFacts {
  uid: string;
  accountId: string;
  loginTs?: number;
  transient?: boolean;
}

/** The browser's provider session the interaction started with, if it is still there. */
async function sessionOf(
  deps: FlowDeps,
  interaction: Interaction,
): Promise<SessionFacts | undefined> {
  const uid = interaction.session?.uid;
  if (!uid) return undefined;
  const session = await deps.provider().Session.findByUid(uid);
  if (!session?.accountId) return undefined;
  return {
    uid,
    accountId: session.accountId,
    ...(session.loginTs !== undefined ? { loginTs: session.loginTs } : {}),
    ...(session.transient ? { transient: true } : {}),
  };
}

/**
 * `skip` as Hydra sets it: the browser has a remembered login session and nothing in the
 * request (prompt=login, max_age, an id_token_hint for someone else) asks to sign in again.
 */
function canSkip(interaction: Interaction, session: SessionFacts | undefined): boolean {
  if (!session || session.transient) return false;
  return interaction.prompt.reasons.every((reason) => reason === loginAppReason);
}

export async function getLoginRequest(
  deps: FlowDeps,
  challenge: string,
): Promise<Record<string, unknown>> {
  const interaction = await loadInteraction(deps, challenge, "login");
  const params = interaction.params as Record<string, unknown>;
  if (interaction.result !== undefined) throw flowErrors.gone(requestUrl(deps.issuer, params));
  const session = await sessionOf(deps, interaction);
  const skip = canSkip(interaction, session);
  return {
    challenge: interaction.uid,
    skip,
    subject: skip && session ? session.accountId : "",
    client: await clientOf(deps, interaction),
    request_url: requestUrl(deps.issuer, params),
    requested_scope: requestedScope(params),
    requested_access_token_audience: [],
    oidc_context: oidcContext(params),
    ...(session ? { session_id: session.uid } : {}),
  };
}

export async function acceptLoginRequest(
  deps: FlowDeps,
  challenge: string,
  body: AcceptLoginBody,
): Promise<{ redirect_to: string }> {
  const interaction = await loadInteraction(deps, challenge, "login");
  refuseAnswered(interaction);
  const session = await sessionOf(deps, interaction);
  const skip = canSkip(interaction, session);
  if (skip && session?.accountId !== body.subject) {
    throw flowErrors.invalid(
      "Subject from payload does not match subject from previous authentication.",
    );
  }
  // Someone else signs in on this browser: the old session ends first (its clients get their
  // back-channel logout), as oidc-provider would otherwise ask the person to log out by hand.
  const switching = session !== undefined && session.accountId !== body.subject;
  const now = Math.floor(Date.now() / 1000);
  const login = {
    accountId: body.subject,
    remember: body.remember ?? false,
    ts: skip && session?.loginTs !== undefined ? session.loginTs : now,
    ...(body.acr ? { acr: body.acr } : {}),
    ...(body.amr ? { amr: body.amr } : {}),
    remember_for: body.remember_for ?? 0,
    extend: !skip || body.extend_session_lifespan === true,
    context: body.context ?? {},
    login_challenge: interaction.uid,
    ...(body.identity_provider_session_id
      ? { identity_provider_session_id: body.identity_provider_session_id }
      : {}),
  };
  const result = { ...(interaction.lastSubmission ?? {}), login };
  const answered = await deps.interactions.answer(interaction.uid, result, {
    dropSession: switching,
  });
  if (!answered) throw flowErrors.conflict("The request was already answered.");
  if (switching && session) await deps.endSession(session.uid);
  return { redirect_to: interaction.returnTo };
}

export async function rejectLoginRequest(
  deps: FlowDeps,
  challenge: string,
  body: RejectBody,
): Promise<{ redirect_to: string }> {
  const interaction = await loadInteraction(deps, challenge, "login");
  refuseAnswered(interaction);
  if (!(await deps.interactions.answer(interaction.uid, rejection(body)))) {
    throw flowErrors.conflict("The request was already answered.");
  }
  return { redirect_to: interaction.returnTo };
}

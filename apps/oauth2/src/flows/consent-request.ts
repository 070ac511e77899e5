import type { Interaction } from "oidc-provider";
import type { ClientDocument } from "../clients/hydra-client.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { flowErrors } from "./flow-error.ts";
import {
  clientOf,
  loadInteraction,
  oidcContext,
  prompts,
  refuseAnswered,
  rejection,
  requestedScope,
  requestUrl,
} from "./interactions.ts";
import type { RejectBody } from "./login-request.ts";

// Hydra's consent request: `GET /admin/oauth2/auth/requests/consent`, `PUT .../accept`,
// `PUT .../reject`. The consent app shows what the client asks for unless `skip` is true, and
// accepts with the granted scopes and the claims for the tokens (`session.id_token`). Each
// accept becomes an oidc-provider grant plus a row in `oauth2_consents` with the claims.

export interface AcceptConsentBody {
  grant_scope?: string[];
  grant_access_token_audience?: string[];
  remember?: boolean;
  remember_for?: number;
  session?: {
    id_token?: Record<string, unknown> | null;
    access_token?: Record<string, unknown> | null;
  };
  context?: Record<string, unknown>;
}

interface LoginResult {
  accountId?: string;
  acr?: string;
  amr?: string[];
  context?: Record<string, unknown>;
  login_challenge?: string;
}

function loginOf(interaction: Interaction): LoginResult {
  return ((interaction.lastSubmission as { login?: LoginResult } | undefined)?.login ??
    {}) as LoginResult;
}

function subjectOf(interaction: Interaction): string {
  const subject = interaction.session?.accountId ?? loginOf(interaction).accountId;
  if (!subject) throw flowErrors.notFound("The consent challenge has no signed-in subject.");
  return subject;
}

/**
 * `skip` as Hydra sets it: the client is first-party (`skip_consent`), or a remembered consent
 * of this subject for this client covers every requested scope and the client did not ask for
 * `prompt=consent`.
 */
async function canSkip(
  deps: FlowDeps,
  interaction: Interaction,
  client: ClientDocument,
  subject: string,
): Promise<boolean> {
  if (client.skip_consent === true) return true;
  const params = interaction.params as Record<string, unknown>;
  if (prompts(params).has("consent")) return false;
  const requested = requestedScope(params);
  const remembered = await deps.consents.remembered(subject, client.client_id, new Date());
  return remembered.some((c) => requested.every((scope) => c.grantScope.includes(scope)));
}

async function describe(
  deps: FlowDeps,
  interaction: Interaction,
): Promise<{ request: Record<string, unknown>; subject: string; client: ClientDocument }> {
  const params = interaction.params as Record<string, unknown>;
  const client = await clientOf(deps, interaction);
  const subject = subjectOf(interaction);
  const login = loginOf(interaction);
  const request = {
    challenge: interaction.uid,
    skip: await canSkip(deps, interaction, client, subject),
    subject,
    client,
    request_url: requestUrl(deps.issuer, params),
    requested_scope: requestedScope(params),
    requested_access_token_audience: [],
    oidc_context: oidcContext(params),
    ...(login.login_challenge ? { login_challenge: login.login_challenge } : {}),
    ...(interaction.session?.uid ? { login_session_id: interaction.session.uid } : {}),
    ...(login.acr ? { acr: login.acr } : {}),
    amr: login.amr ?? [],
    context: login.context ?? {},
  };
  return { request, subject, client };
}

export async function getConsentRequest(
  deps: FlowDeps,
  challenge: string,
): Promise<Record<string, unknown>> {
  const interaction = await loadInteraction(deps, challenge, "consent");
  if (interaction.result !== undefined) {
    throw flowErrors.gone(requestUrl(deps.issuer, interaction.params as Record<string, unknown>));
  }
  return (await describe(deps, interaction)).request;
}

export async function acceptConsentRequest(
  deps: FlowDeps,
  challenge: string,
  body: AcceptConsentBody,
): Promise<{ redirect_to: string }> {
  const interaction = await loadInteraction(deps, challenge, "consent");
  refuseAnswered(interaction);
  const { request, subject, client } = await describe(deps, interaction);
  const requested = requestedScope(interaction.params as Record<string, unknown>);
  const granted = (body.grant_scope ?? []).filter((scope) => requested.includes(scope));
  const refused = requested.filter((scope) => !granted.includes(scope));

  const { Grant } = deps.provider();
  // The browser's earlier grant for this client grows, if it is this person's.
  const found = interaction.grantId ? await Grant.find(interaction.grantId) : undefined;
  const existing =
    found?.accountId === subject && found.clientId === client.client_id ? found : undefined;
  const grant = existing ?? new Grant({ accountId: subject, clientId: client.client_id });
  if (granted.length > 0) grant.addOIDCScope(granted.join(" "));
  if (refused.length > 0) grant.rejectOIDCScope(refused.join(" "));
  const grantId = await grant.save();

  const now = Date.now();
  const rememberFor = (body.remember_for ?? 0) * 1000;
  await deps.consents.save({
    grantId,
    subject,
    clientId: client.client_id,
    grantScope: granted,
    grantAccessTokenAudience: body.grant_access_token_audience ?? [],
    sessionIdToken: body.session?.id_token ?? {},
    sessionAccessToken: body.session?.access_token ?? {},
    context: body.context ?? {},
    consentRequest: request,
    loginSessionId: interaction.session?.uid ?? null,
    remember: body.remember ?? false,
    rememberUntil: body.remember && rememberFor > 0 ? new Date(now + rememberFor) : null,
    handledAt: new Date(now),
    expiresAt: new Date(now + deps.grantLifetime),
  });
  const result = { ...(interaction.lastSubmission ?? {}), consent: { grantId } };
  if (!(await deps.interactions.answer(interaction.uid, result))) {
    if (!existing) await deps.revokeGrant(grantId);
    throw flowErrors.conflict("The request was already answered.");
  }
  return { redirect_to: interaction.returnTo };
}

export async function rejectConsentRequest(
  deps: FlowDeps,
  challenge: string,
  body: RejectBody,
): Promise<{ redirect_to: string }> {
  const interaction = await loadInteraction(deps, challenge, "consent");
  refuseAnswered(interaction);
  if (!(await deps.interactions.answer(interaction.uid, rejection(body)))) {
    throw flowErrors.conflict("The request was already answered.");
  }
  return { redirect_to: interaction.returnTo };
}

import type { Interaction } from "oidc-provider";
import type { ClientDocument } from "../clients/hydra-client.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { flowErrors } from "./flow-error.ts";

// Login and consent challenges are oidc-provider interaction ids: opaque (126 random bits),
// expiring with the interaction (`ttl.login_consent_request`) and bound to the browser that
// started them (oidc-provider resumes only with the interaction's cookie). This file turns one
// into what Hydra's admin API tells the login and consent apps.

export type PromptName = "login" | "consent";

export async function loadInteraction(
  deps: FlowDeps,
  challenge: string,
  prompt: PromptName,
): Promise<Interaction> {
  const interaction = challenge ? await deps.provider().Interaction.find(challenge) : undefined;
  if (!interaction || interaction.prompt.name !== prompt) {
    throw flowErrors.notFound(`The ${prompt} challenge is unknown or has expired.`);
  }
  return interaction;
}

/** A Hydra login or consent request may be answered once. */
export function refuseAnswered(interaction: Interaction): void {
  if (interaction.result !== undefined) {
    throw flowErrors.conflict("The request was already answered and can no longer be changed.");
  }
}

export async function clientOf(deps: FlowDeps, interaction: Interaction): Promise<ClientDocument> {
  const id = String(interaction.params.client_id ?? "");
  const stored = await deps.clients.get(id);
  if (!stored) throw flowErrors.notFound("The client of this request no longer exists.");
  return stored.client;
}

/** The authorization URL the client sent the browser to (Hydra's `request_url`). */
export function requestUrl(issuer: string, params: Record<string, unknown>): string {
  const url = new URL(`${issuer.replace(/\/$/, "")}/oauth2/auth`);
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") url.searchParams.set(key, value);
  }
  return url.href;
}

export function requestedScope(params: Record<string, unknown>): string[] {
  return typeof params.scope === "string" ? params.scope.split(" ").filter(Boolean) : [];
}

const words = (value: unknown): string[] | undefined =>
  typeof value === "string" ? value.split(" ").filter(Boolean) : undefined;

/** Hydra's `oidc_context`: the OpenID Connect parameters the apps may honour. */
export function oidcContext(params: Record<string, unknown>): Record<string, unknown> {
  const context: Record<string, unknown> = {};
  const acr = words(params.acr_values);
  const locales = words(params.ui_locales);
  if (acr) context.acr_values = acr;
  if (locales) context.ui_locales = locales;
  if (typeof params.display === "string") context.display = params.display;
  if (typeof params.login_hint === "string") context.login_hint = params.login_hint;
  if (typeof params.id_token_hint === "string") {
    // oidc-provider checked the hint's signature when the request came in.
    const payload = params.id_token_hint.split(".")[1];
    try {
      context.id_token_hint_claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    } catch {
      context.id_token_hint_claims = {};
    }
  }
  return context;
}

export function prompts(params: Record<string, unknown>): Set<string> {
  return new Set(words(params.prompt) ?? []);
}

/** Hydra's rejection becomes the OAuth 2.0 error the client receives (RFC 6749 §4.1.2.1). */
export function rejection(body: {
  error?: string;
  error_description?: string;
  error_hint?: string;
}): Record<string, string> {
  const description = [body.error_description, body.error_hint].filter(Boolean).join(" ");
  return {
    error: body.error || "access_denied",
    error_description: description || "The resource owner denied the request.",
  };
}

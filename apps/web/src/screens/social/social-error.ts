// A social sign-in that failed arrives as 4000001 with `oidc_error` in its context (the identity
// service's code for what went wrong, as Kratos reports OpenID Connect failures with a reason).
// 4000001 alone is the generic text; with a known code the customer reads what happened and
// what to do next, naming the provider when the context names it.

import { MessageId } from "@moos/contract";
import type { UiText } from "@ory/client-fetch";

export const OIDC_ERRORS = [
  "provider_unknown",
  "provider_unavailable",
  "state_missing",
  "state_invalid",
  "state_other_browser",
  "provider_mismatch",
  "provider_error",
  "code_missing",
  "token_rejected",
  "id_token_invalid",
  "profile_unavailable",
  "api_flow_unsupported",
  "already_linked",
  "already_linked_elsewhere",
  "not_linked",
  "last_sign_in_method",
] as const;

export type OidcErrorCode = (typeof OIDC_ERRORS)[number];

/** The generic error (SPEC.md §8) that carries social sign-in failures. */
const SOCIAL_FAILURE = MessageId.errorWithReason;

/** `provider` in the texts when the context names none (ICU `select`). */
export const NO_PROVIDER = "none";

export function oidcErrorOf(text: UiText): OidcErrorCode | undefined {
  if (text.id !== SOCIAL_FAILURE) return undefined;
  const code = (text.context as { oidc_error?: unknown } | undefined)?.oidc_error;
  return OIDC_ERRORS.find((known) => known === code);
}

// A method compares bivariantly, so next-intl's translators (typed keys or not) fit.
interface SocialTranslator {
  translate(key: string, values: Record<string, string>): string;
}

/** Translates `errors.<code>` of the `social` namespace. */
export type SocialTranslate = SocialTranslator["translate"];

/** The customer's text for a failed social sign-in, or undefined for any other message. */
export function socialErrorText(text: UiText, t: SocialTranslate): string | undefined {
  const code = oidcErrorOf(text);
  if (!code) return undefined;
  const provider = (text.context as { provider?: unknown } | undefined)?.provider;
  return t(`errors.${code}`, {
    provider: typeof provider === "string" && provider !== "" ? provider : NO_PROVIDER,
  });
}

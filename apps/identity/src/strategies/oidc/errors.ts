import { MessageId } from "@moos/contract";
import { type UiText, uiText } from "../../ui/text.ts";

// Everything that can stop a social sign-in, each with the sentence the customer reads (as
// 4000001 {reason}, the way Kratos reports OpenID Connect failures). `code` is for logs and
// tests; the lower error, when there is one, stays as `cause` and is never shown.

export type OidcErrorCode =
  | "provider_unknown"
  | "provider_unavailable"
  | "state_missing"
  | "state_invalid"
  | "state_other_browser"
  | "provider_mismatch"
  | "provider_error"
  | "code_missing"
  | "token_rejected"
  | "id_token_invalid"
  | "profile_unavailable"
  | "api_flow_unsupported"
  | "already_linked_elsewhere"
  | "already_linked"
  | "not_linked"
  | "last_sign_in_method"
  | "account_mismatch";

const reasons: Record<OidcErrorCode, string> = {
  provider_unknown: "This sign-in provider is not available.",
  provider_unavailable:
    "The sign-in provider cannot be reached at the moment. Please try again later or use another way to sign in.",
  state_missing: "The sign-in provider did not send the sign-in back. Please try again.",
  state_invalid:
    "This sign-in was not started here, has expired or was already used. Please start again.",
  state_other_browser:
    "This sign-in was started in another browser. Please start again in this browser.",
  provider_mismatch: "The answer came from another sign-in provider than the one chosen.",
  provider_error: "The sign-in at the provider was cancelled or failed.",
  code_missing: "The sign-in provider did not send an authorization code.",
  token_rejected: "The sign-in provider did not confirm the sign-in. Please try again.",
  id_token_invalid: "The sign-in provider's confirmation could not be verified. Please try again.",
  profile_unavailable: "The profile could not be loaded from the sign-in provider.",
  api_flow_unsupported:
    "Social sign-in in an app needs return_session_token_exchange_code or an id_token.",
  already_linked_elsewhere: "This social account is already linked to another customer account.",
  already_linked: "This sign-in provider is already linked to your account.",
  not_linked: "This sign-in provider is not linked to your account.",
  last_sign_in_method:
    "This is your only way to sign in. Set a password or link another provider first.",
  account_mismatch: "Please sign in to the account the social profile belongs to.",
};

export class OidcError extends Error {
  override readonly name = "OidcError";
  readonly code: OidcErrorCode;
  /** Extra detail for the customer, e.g. the provider's own error code. */
  readonly detail: string | undefined;

  constructor(code: OidcErrorCode, options: { cause?: unknown; detail?: string } = {}) {
    super(options.detail ? `${reasons[code]} (${options.detail})` : reasons[code], {
      cause: options.cause,
    });
    this.code = code;
    this.detail = options.detail;
  }
}

/** The flow message for a failure; `provider` is the display name when one is known. */
export function oidcFailureText(error: OidcError, provider?: string): UiText {
  if (error.code === "account_mismatch") return uiText(MessageId.linkedCredentialsMismatch);
  const prefix = provider ? `Signing in with ${provider} did not work. ` : "";
  return uiText(MessageId.errorWithReason, {
    reason: `${prefix}${error.message}`,
    ...(provider ? { provider } : {}),
    oidc_error: error.code,
  });
}

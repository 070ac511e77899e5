import { Configuration, OAuth2Api, ResponseError } from "@ory/client-fetch";
import { HttpError } from "../../http/errors.ts";
import type { AcceptOAuth2Login, OAuth2LoginRequest, OAuth2Provider } from "../oauth2-provider.ts";

// The OAuth2 provider port over Hydra's admin API, through Ory's SDK (`OAuth2Api`): Ory Hydra,
// Ory Network or apps/oauth2 alike. Only the composition root (app.ts) builds it.
//
// As Kratos's hydra package: the login is remembered for the session's lifespan (the provider
// skips it while the identity service's session would still be valid), `amr` lists the
// session's methods, `acr` is the session's assurance level, and failures keep the provider's status and hint in the details. A
// challenge the provider refuses (unknown, expired, answered) is the caller's mistake (400);
// the provider failing or unreachable is ours (500).

export interface HydraAdminOptions {
  /** `oauth2_provider.url`: the admin API's base URL. */
  url: string;
  /** `oauth2_provider.headers` (for apps/oauth2: `Authorization: Bearer <admin token>`). */
  headers: Readonly<Record<string, string>>;
  /** How long the provider may remember the login: the session lifespan, in milliseconds. */
  rememberForMs: number;
  fetch: typeof fetch;
}

export function createHydraAdminClient(options: HydraAdminOptions): OAuth2Provider {
  const api = new OAuth2Api(
    new Configuration({
      basePath: options.url.replace(/\/+$/, ""),
      headers: { ...options.headers, Accept: "application/json" },
      fetchApi: options.fetch,
    }),
  );
  return {
    async getLoginRequest(challenge) {
      if (!challenge) throw new HttpError(400, message(400), { reason: "invalid login_challenge" });
      try {
        // The raw answer: the flow JSON passes the provider's own fields on unchanged.
        const answer = await api.getOAuth2LoginRequestRaw({ loginChallenge: challenge });
        return (await answer.raw.json()) as OAuth2LoginRequest;
      } catch (error) {
        throw await providerError(error, "Unable to get OAuth 2.0 Login Challenge.");
      }
    },
    async acceptLoginRequest(login: AcceptOAuth2Login) {
      try {
        const { redirect_to } = await api.acceptOAuth2LoginRequest({
          loginChallenge: login.challenge,
          acceptOAuth2LoginRequest: {
            subject: login.identityId,
            identity_provider_session_id: login.sessionId,
            remember: true,
            remember_for: Math.floor(options.rememberForMs / 1000),
            amr: [...login.amr],
            ...(login.acr ? { acr: login.acr } : {}),
          },
        });
        return redirect_to;
      } catch (error) {
        throw await providerError(error, "Unable to accept OAuth 2.0 Login Challenge.", 500);
      }
    },
  };
}

function message(status: number): string {
  return status >= 500
    ? "An internal server error occurred, please contact the system administrator"
    : "The request was malformed or contained invalid parameters";
}

/** Kratos's mapping: the provider's status and error hint in the details, its cause logged. */
async function providerError(error: unknown, reason: string, status?: number): Promise<HttpError> {
  if (!(error instanceof ResponseError)) {
    return new HttpError(500, message(500), { reason, cause: error });
  }
  const providerStatus = error.response.status;
  const body = (await error.response.json().catch(() => ({}))) as Record<string, unknown>;
  const hint = body.error_hint ?? body.error_description;
  const finalStatus = status ?? (providerStatus >= 500 ? 500 : 400);
  return new HttpError(finalStatus, message(finalStatus), {
    reason,
    details: {
      status_code: providerStatus,
      ...(typeof hint === "string" ? { oauth2_error_hint: hint } : {}),
    },
    cause: error,
  });
}

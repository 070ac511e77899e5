import type { FastifyInstance } from "fastify";
import {
  type AcceptConsentBody,
  acceptConsentRequest,
  getConsentRequest,
  rejectConsentRequest,
} from "../flows/consent-request.ts";
import {
  type AcceptLoginBody,
  acceptLoginRequest,
  getLoginRequest,
  type RejectBody,
  rejectLoginRequest,
} from "../flows/login-request.ts";
import {
  acceptLogoutRequest,
  getLogoutRequest,
  rejectLogoutRequest,
} from "../flows/logout-request.ts";
import type { AdminRouteDeps } from "./admin-deps.ts";

// Hydra's login, consent and logout request routes, as Ory's SDK (`OAuth2Api`) calls them.

const base = "/admin/oauth2/auth/requests";
const challenge = (name: string) => ({
  type: "object",
  required: [name],
  properties: { [name]: { type: "string", minLength: 1, maxLength: 256 } },
});
const stringList = { type: "array", items: { type: "string" } };
const claims = { type: ["object", "null"] };

const acceptLogin = {
  type: "object",
  required: ["subject"],
  properties: {
    subject: { type: "string", minLength: 1, maxLength: 255 },
    remember: { type: "boolean" },
    remember_for: { type: "integer", minimum: 0 },
    acr: { type: "string" },
    amr: stringList,
    context: { type: "object" },
    extend_session_lifespan: { type: "boolean" },
    force_subject_identifier: { type: "string" },
    identity_provider_session_id: { type: "string" },
  },
};
const acceptConsent = {
  type: "object",
  properties: {
    grant_scope: stringList,
    grant_access_token_audience: stringList,
    remember: { type: "boolean" },
    remember_for: { type: "integer", minimum: 0 },
    session: { type: "object", properties: { id_token: claims, access_token: claims } },
    context: { type: "object" },
  },
};
// RFC 6749 §4.1.2.1: error codes are printable ASCII without quote and backslash.
const reject = {
  type: ["object", "null"],
  properties: {
    error: { type: "string", pattern: "^[\\x20-\\x21\\x23-\\x5B\\x5D-\\x7E]*$", maxLength: 128 },
    error_description: { type: "string", maxLength: 1024 },
    error_hint: { type: "string", maxLength: 1024 },
    error_debug: { type: "string" },
    status_code: { type: "integer" },
  },
};

type Query<K extends string> = { Querystring: Record<K, string> };

export function registerRequestRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const login = { querystring: challenge("login_challenge") };
  app.get<Query<"login_challenge">>(`${base}/login`, { schema: login }, async (request) =>
    getLoginRequest(deps, request.query.login_challenge),
  );
  app.put<Query<"login_challenge"> & { Body: AcceptLoginBody }>(
    `${base}/login/accept`,
    { schema: { ...login, body: acceptLogin } },
    async (request) => acceptLoginRequest(deps, request.query.login_challenge, request.body),
  );
  app.put<Query<"login_challenge"> & { Body: RejectBody | undefined }>(
    `${base}/login/reject`,
    { schema: { ...login, body: reject } },
    async (request) => rejectLoginRequest(deps, request.query.login_challenge, request.body ?? {}),
  );

  const consent = { querystring: challenge("consent_challenge") };
  app.get<Query<"consent_challenge">>(`${base}/consent`, { schema: consent }, async (request) =>
    getConsentRequest(deps, request.query.consent_challenge),
  );
  app.put<Query<"consent_challenge"> & { Body: AcceptConsentBody | undefined }>(
    `${base}/consent/accept`,
    { schema: { ...consent, body: acceptConsent } },
    async (request) =>
      acceptConsentRequest(deps, request.query.consent_challenge, request.body ?? {}),
  );
  app.put<Query<"consent_challenge"> & { Body: RejectBody | undefined }>(
    `${base}/consent/reject`,
    { schema: { ...consent, body: reject } },
    async (request) =>
      rejectConsentRequest(deps, request.query.consent_challenge, request.body ?? {}),
  );

  const logout = { querystring: challenge("logout_challenge") };
  app.get<Query<"logout_challenge">>(`${base}/logout`, { schema: logout }, async (request) =>
    getLogoutRequest(deps, request.query.logout_challenge),
  );
  app.put<Query<"logout_challenge">>(`${base}/logout/accept`, { schema: logout }, async (request) =>
    acceptLogoutRequest(deps, request.query.logout_challenge),
  );
  app.put<Query<"logout_challenge">>(
    `${base}/logout/reject`,
    { schema: logout },
    async (request, reply) => {
      await rejectLogoutRequest(deps, request.query.logout_challenge);
      return reply.code(204).send();
    },
  );
}

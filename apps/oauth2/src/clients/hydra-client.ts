import { randomUUID } from "node:crypto";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { ClientMetadata } from "oidc-provider";

// Clients as Hydra's admin API shows them (the `OAuth2Client` of Ory's SDK), and their
// translation into the client metadata oidc-provider understands. The Hydra document is what
// the database keeps and the admin API answers with; oidc-provider only ever sees the
// translation. Fields Hydra has and we do not act on (token lifespans, audience, jwks,
// access_token_strategy, ...) are kept and returned as they were sent.

export type ClientDocument = Record<string, unknown> & {
  client_id: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  created_at: string;
  updated_at: string;
};

export class ClientInputError extends Error {
  override readonly name = "ClientInputError";
}

const stringList = { type: "array", items: { type: "string" } };
const text = { type: "string" };
const flag = { type: "boolean" };
const lifespan = { type: ["string", "null"] };

/** Hydra's OAuth2Client fields a caller may send (server-set ones are ignored). */
const inputSchema = {
  type: "object",
  properties: {
    client_id: { type: "string", pattern: "^[A-Za-z0-9._~-]{1,128}$" },
    client_secret: { type: "string", minLength: 16 },
    client_name: text,
    application_type: { type: "string", enum: ["web", "native"] },
    redirect_uris: stringList,
    post_logout_redirect_uris: stringList,
    grant_types: stringList,
    response_types: stringList,
    scope: text,
    audience: stringList,
    token_endpoint_auth_method: text,
    token_endpoint_auth_signing_alg: text,
    userinfo_signed_response_alg: text,
    request_object_signing_alg: text,
    subject_type: text,
    backchannel_logout_uri: text,
    backchannel_logout_session_required: flag,
    frontchannel_logout_uri: text,
    frontchannel_logout_session_required: flag,
    skip_consent: flag,
    skip_logout_consent: flag,
    allowed_cors_origins: stringList,
    client_uri: text,
    logo_uri: text,
    policy_uri: text,
    tos_uri: text,
    contacts: stringList,
    owner: text,
    metadata: { type: "object" },
    jwks: { type: "object" },
    jwks_uri: text,
    sector_identifier_uri: text,
    request_uris: stringList,
    access_token_strategy: text,
    authorization_code_grant_access_token_lifespan: lifespan,
    authorization_code_grant_id_token_lifespan: lifespan,
    authorization_code_grant_refresh_token_lifespan: lifespan,
    refresh_token_grant_access_token_lifespan: lifespan,
    refresh_token_grant_id_token_lifespan: lifespan,
    refresh_token_grant_refresh_token_lifespan: lifespan,
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateInput = ajv.compile(inputSchema);

/** Hydra's defaults for a new client, and ours where Hydra has none. */
function defaults(): Record<string, unknown> {
  return {
    client_name: "",
    redirect_uris: [],
    post_logout_redirect_uris: [],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: "openid offline_access email profile",
    audience: [],
    token_endpoint_auth_method: "client_secret_basic",
    subject_type: "public",
    userinfo_signed_response_alg: "none",
    backchannel_logout_uri: "",
    backchannel_logout_session_required: false,
    frontchannel_logout_uri: "",
    frontchannel_logout_session_required: false,
    skip_consent: false,
    skip_logout_consent: false,
    allowed_cors_origins: [],
    client_uri: "",
    logo_uri: "",
    policy_uri: "",
    tos_uri: "",
    contacts: [],
    owner: "",
    metadata: {},
    client_secret_expires_at: 0,
  };
}

/**
 * Validates a client sent to the admin API or written in the config file and fills Hydra's
 * defaults. Returns the stored document (without the secret) and the secret, if one was sent.
 */
export function clientFromInput(
  input: unknown,
  options: { id?: string; createdAt?: string; now: Date },
): { client: ClientDocument; secret?: string } {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new ClientInputError("(body): must be a JSON object");
  }
  // Server-set and unknown fields are dropped, as Hydra ignores them.
  const copy = Object.fromEntries(
    Object.entries(structuredClone(input)).filter(([key]) =>
      Object.hasOwn(inputSchema.properties, key),
    ),
  );
  if (!validateInput(copy)) {
    const first = validateInput.errors?.[0];
    const field = first?.instancePath.slice(1) || "(body)";
    throw new ClientInputError(`${field}: ${first?.message ?? "is invalid"}`);
  }
  const { client_secret: secret, ...fields } = copy as Record<string, unknown>;
  const now = options.now.toISOString();
  const client = {
    ...defaults(),
    ...fields,
    client_id: options.id ?? (fields.client_id as string | undefined) ?? randomUUID(),
    created_at: options.createdAt ?? now,
    updated_at: now,
  } as ClientDocument;
  return { client, ...(typeof secret === "string" ? { secret } : {}) };
}

export function isPublic(client: ClientDocument): boolean {
  return client.token_endpoint_auth_method === "none";
}

const loopbacks = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * A public client whose redirect URIs are all loopback or private-use scheme URIs is a native
 * app (RFC 8252 §7). oidc-provider then matches loopback redirects on any port (§7.3). Hydra's
 * client has no `application_type`; a client may still set it explicitly.
 */
export function applicationTypeOf(client: ClientDocument): "web" | "native" {
  if (client.application_type === "web" || client.application_type === "native") {
    return client.application_type;
  }
  if (!isPublic(client) || client.redirect_uris.length === 0) return "web";
  const native = client.redirect_uris.every((uri) => {
    const parsed = URL.parse(uri);
    if (!parsed) return false;
    if (parsed.protocol === "http:") return loopbacks.has(parsed.hostname);
    return parsed.protocol !== "https:";
  });
  return native ? "native" : "web";
}

const passThrough = [
  "client_id",
  "redirect_uris",
  "post_logout_redirect_uris",
  "grant_types",
  "response_types",
  "scope",
  "token_endpoint_auth_method",
  "backchannel_logout_session_required",
  "skip_consent",
  "skip_logout_consent",
  "allowed_cors_origins",
] as const;
/** Hydra answers "" for these when unset; oidc-provider wants them absent. */
const optionalStrings = [
  "client_name",
  "backchannel_logout_uri",
  "client_uri",
  "logo_uri",
  "policy_uri",
  "tos_uri",
];

/** The client as oidc-provider's metadata; `client_secret` carries the stored hash. */
export function providerMetadata(
  client: ClientDocument,
  secretHash: string | null,
): ClientMetadata {
  const metadata: Record<string, unknown> = { application_type: applicationTypeOf(client) };
  for (const key of passThrough) if (client[key] !== undefined) metadata[key] = client[key];
  for (const key of optionalStrings) if (client[key]) metadata[key] = client[key];
  const contacts = client.contacts;
  if (Array.isArray(contacts) && contacts.length > 0) metadata.contacts = contacts;
  if (!isPublic(client) && secretHash) metadata.client_secret = secretHash;
  return { ...metadata, client_id: client.client_id };
}

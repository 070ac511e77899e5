import type { Credential, Identity } from "../identity/identity.ts";
import { toIdentityJson } from "../identity/identity.ts";

// The admin API's identity (Kratos's WithCredentialsMetadataAndAdminMetadataInJSON): the public
// form plus metadata_admin and the credentials' metadata. A credential's config appears only
// when asked for with include_credential, and even then without secrets: password hashes never
// leave the service.

const secretConfigKeys = new Set(["hashed_password"]);

export function toAdminIdentityJson(
  identity: Identity,
  publicBaseUrl: string,
  options: { includeCredentials?: ReadonlySet<string> } = {},
): Record<string, unknown> {
  const credentials = Object.fromEntries(
    identity.credentials.map((c) => [
      c.type,
      credentialJson(c, options.includeCredentials?.has(c.type) ?? false),
    ]),
  );
  return {
    ...toIdentityJson(identity, publicBaseUrl),
    ...(identity.credentials.length > 0 ? { credentials } : {}),
    metadata_admin: identity.metadata_admin,
  };
}

function credentialJson(credential: Credential, withConfig: boolean): Record<string, unknown> {
  const config = Object.fromEntries(
    Object.entries(credential.config).filter(([key]) => !secretConfigKeys.has(key)),
  );
  return {
    type: credential.type,
    identifiers: credential.identifiers,
    ...(withConfig ? { config } : {}),
    version: credential.version,
    created_at: credential.created_at.toISOString(),
    updated_at: credential.updated_at.toISOString(),
  };
}

// The claims Moos hands the OAuth2 provider for a client's ID token and userinfo
// (`session.id_token` of the consent accept), from the customer's identity: OpenID Connect
// Core §5.1's names. The provider releases them by the scopes granted (`email`: email and
// email_verified; `profile`: the names and locale) and adds `sub` itself (the identity id).

import type { Identity } from "@ory/client-fetch";

export interface IdTokenClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

export function idTokenClaims(
  identity: Pick<Identity, "traits" | "verifiable_addresses" | "metadata_public">,
): IdTokenClaims {
  const traits = (identity.traits ?? {}) as {
    email?: unknown;
    name?: { first?: unknown; last?: unknown };
  };
  const email = text(traits.email);
  const given = text(traits.name?.first);
  const family = text(traits.name?.last);
  const name = [given, family].filter(Boolean).join(" ");
  const address = identity.verifiable_addresses?.find(
    (entry) => entry.value.toLowerCase() === email?.toLowerCase(),
  );
  const locale = text(
    (identity.metadata_public as { locale?: unknown } | null | undefined)?.locale,
  );
  return {
    ...(email ? { email, email_verified: address?.verified === true } : {}),
    ...(name ? { name } : {}),
    ...(given ? { given_name: given } : {}),
    ...(family ? { family_name: family } : {}),
    ...(locale ? { locale } : {}),
  };
}

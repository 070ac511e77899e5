import type { Credential, Identity } from "./identity.ts";

// An identity's social sign-ins live in one credential of type `oidc` (as in Kratos), one
// entry per linked provider. The identity is found by (issuer, subject), never by the email a
// provider reports: the identifier joins both, and issuers cannot contain "#" (no fragment,
// OpenID Connect Discovery §2), so the pair stays unambiguous.

export interface OidcLink {
  /** The configured provider id ("google"). */
  provider: string;
  issuer: string;
  subject: string;
}

export function oidcIdentifier(issuer: string, subject: string): string {
  return `${issuer}#${subject}`;
}

function oidcCredential(identity: Identity): Credential | undefined {
  return identity.credentials.find((c) => c.type === "oidc");
}

export function oidcLinks(identity: Pick<Identity, "credentials">): OidcLink[] {
  const config = identity.credentials.find((c) => c.type === "oidc")?.config;
  const providers = Array.isArray(config?.providers) ? config.providers : [];
  return providers.filter(
    (p): p is OidcLink =>
      typeof p?.provider === "string" &&
      typeof p?.issuer === "string" &&
      typeof p?.subject === "string",
  );
}

export function addOidcLink(identity: Identity, link: OidcLink, now: Date): void {
  const links = [...oidcLinks(identity).filter((l) => l.provider !== link.provider), link];
  writeLinks(identity, links, now);
}

export function removeOidcLink(identity: Identity, provider: string, now: Date): void {
  writeLinks(
    identity,
    oidcLinks(identity).filter((l) => l.provider !== provider),
    now,
  );
}

function writeLinks(identity: Identity, links: OidcLink[], now: Date): void {
  const existing = oidcCredential(identity);
  identity.credentials = identity.credentials.filter((c) => c.type !== "oidc");
  identity.updated_at = now;
  if (links.length === 0) return;
  identity.credentials.push({
    id: existing?.id ?? crypto.randomUUID(),
    type: "oidc",
    identifiers: links.map((l) => oidcIdentifier(l.issuer, l.subject)),
    config: { providers: links },
    version: 0,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
}

export function hasPassword(identity: Pick<Identity, "credentials">): boolean {
  const hash = identity.credentials.find((c) => c.type === "password")?.config.hashed_password;
  return typeof hash === "string" && hash.length > 0;
}

/** How many ways the identity has to sign in: a password and each linked provider. */
export function signInMethodCount(identity: Pick<Identity, "credentials">): number {
  return (hasPassword(identity) ? 1 : 0) + oidcLinks(identity).length;
}

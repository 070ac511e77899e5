import type { Config, RelyingPartyConfig } from "../../config/config.ts";

// The relying party a WebAuthn ceremony is bound to (WebAuthn Level 3 §5.1.4): browsers sign
// the page's origin into clientDataJSON and the RP id's hash into authenticatorData, and the
// service accepts only the configured ones, so a phishing site's assertion is refused.
// Related origins (WebAuthn Level 3 §5.11, related origin requests) are other sites the
// operator names: browsers let them use the RP id once its host lists them at
// /.well-known/webauthn (related-origins.ts), and assertions from them are accepted too.

export type WebAuthnKind = "webauthn" | "passkey";

export interface RelyingParty {
  id: string;
  name: string;
  /** Where registrations and assertions may come from. */
  origins: string[];
  /** Where assertions may also come from (`rp.related_origins`). */
  relatedOrigins: string[];
}

export function relyingParty(config: Readonly<Config>, kind: WebAuthnKind): RelyingParty {
  const rp: RelyingPartyConfig = config.selfservice.methods[kind].config.rp;
  // The schema requires both once the method is on; nothing reads them while it is off.
  const id = rp.id ?? "";
  const scheme = new URL(config.serve.public.base_url).protocol;
  return {
    id,
    name: rp.display_name ?? id,
    // As Kratos: without explicit origins, the RP id under the public URL's scheme.
    origins: (rp.origins?.length ? rp.origins : [`${scheme}//${id}`]).map((o) => new URL(o).origin),
    relatedOrigins: (rp.related_origins ?? []).map((o) => new URL(o).origin),
  };
}

/** The origins an assertion (a sign-in) may come from: the RP's own and the related ones. */
export function assertionOrigins(rp: RelyingParty): string[] {
  return [...rp.origins, ...rp.relatedOrigins.filter((o) => !rp.origins.includes(o))];
}

export function isWebAuthnEnabled(config: Readonly<Config>, kind: WebAuthnKind): boolean {
  return config.selfservice.methods[kind].enabled;
}

import type { Config, RelyingPartyConfig } from "../../config/config.ts";

// The relying party a WebAuthn ceremony is bound to (WebAuthn Level 3 §5.1.4): browsers sign
// the page's origin into clientDataJSON and the RP id's hash into authenticatorData, and the
// service accepts only the configured ones, so a phishing site's assertion is refused.

export type WebAuthnKind = "webauthn" | "passkey";

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
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
  };
}

export function isWebAuthnEnabled(config: Readonly<Config>, kind: WebAuthnKind): boolean {
  return config.selfservice.methods[kind].enabled;
}

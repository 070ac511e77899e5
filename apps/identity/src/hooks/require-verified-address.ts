import type { Identity } from "../identity/identity.ts";

/**
 * Kratos's require_verified_address hook: the address signed in with must be verified. It
 * asks about the identifier a password sign-in names; the other methods prove an address
 * (code), name none (passkey) or bring their provider's (social), so it passes them.
 */
export function unverifiedAddress(
  identity: Identity,
  identifier: string | undefined,
): string | undefined {
  if (identifier === undefined) return undefined;
  const address = identity.verifiable_addresses.find((a) => a.value === identifier);
  return address && !address.verified ? address.value : undefined;
}

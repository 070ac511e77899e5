// What this browser can do with passkeys, asked without a prompt: WebAuthn's
// PublicKeyCredential.getClientCapabilities() (https://w3c.github.io/webauthn/#sctn-getClientCapabilities),
// falling back to the older single questions where a browser lacks it. Nothing here throws:
// a browser that cannot answer is a browser that cannot.

/** The capabilities read here (WebAuthn Level 3's names; `undefined`: the browser cannot say). */
interface ClientCapabilities {
  readonly conditionalCreate?: boolean;
  readonly passkeyPlatformAuthenticator?: boolean;
  readonly userVerifyingPlatformAuthenticator?: boolean;
}

interface PublicKeyCredentialStatics {
  getClientCapabilities?: () => Promise<ClientCapabilities>;
  isUserVerifyingPlatformAuthenticatorAvailable?: () => Promise<boolean>;
}

function publicKeyCredential(): PublicKeyCredentialStatics | undefined {
  if (typeof window === "undefined") return undefined;
  return (window as unknown as { PublicKeyCredential?: PublicKeyCredentialStatics })
    .PublicKeyCredential;
}

async function capabilities(): Promise<ClientCapabilities> {
  try {
    return (await publicKeyCredential()?.getClientCapabilities?.()) ?? {};
  } catch {
    return {};
  }
}

/**
 * Whether the browser can make a passkey without a dialog right after a password sign-in
 * (WebAuthn conditional create, `mediation: "conditional"` on create()).
 */
export async function canCreatePasskeyAutomatically(): Promise<boolean> {
  return (await capabilities()).conditionalCreate === true;
}

/**
 * Whether this device can make a passkey itself (a platform authenticator that checks who
 * uses it: fingerprint, face, screen lock), so offering one makes sense here.
 */
export async function canMakePasskeyHere(): Promise<boolean> {
  const known = await capabilities();
  if (known.passkeyPlatformAuthenticator || known.userVerifyingPlatformAuthenticator) return true;
  if (known.userVerifyingPlatformAuthenticator === false) return false;
  try {
    return (
      (await publicKeyCredential()?.isUserVerifyingPlatformAuthenticatorAvailable?.()) === true
    );
  } catch {
    return false;
  }
}

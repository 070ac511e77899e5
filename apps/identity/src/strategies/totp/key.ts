import { Secret, TOTP, URI } from "otpauth";

// TOTP keys as Kratos makes them (RFC 6238 with RFC 4226's defaults): a 160-bit secret,
// HMAC-SHA1, 6 digits, 30-second steps. The key travels as an otpauth:// URL, which is what the
// QR code encodes and what the credential stores.

const period = 30;

export function newTotpUrl(issuer: string, accountName: string): string {
  return new TOTP({
    issuer,
    label: accountName,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: new Secret({ size: 20 }),
  }).toString();
}

export function totpSecretOf(url: string): string {
  return parse(url).secret.base32;
}

/**
 * The time step the code belongs to, when it is valid now or one step either side (clock
 * drift, as Kratos allows); undefined otherwise.
 */
export function matchingTimeStep(url: string, code: string, now: Date): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const totp = parse(url);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** How long a claimed step must stay claimed: as long as the code could still be accepted. */
export const replayWindowMs = 3 * period * 1000;

function parse(url: string): TOTP {
  const otp = URI.parse(url);
  if (!(otp instanceof TOTP)) throw new Error("The stored key is not a TOTP key.");
  return otp;
}

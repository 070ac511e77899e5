import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { matchingTimeStep, newTotpUrl, totpSecretOf } from "./key.ts";

// RFC 6238 Appendix B, SHA-1 with the ASCII secret "12345678901234567890". The RFC lists 8
// digits; a 6-digit code is the same truncation mod 10^6, i.e. its last six digits.
const rfcUrl = new TOTP({
  issuer: "Moos",
  label: "rfc",
  algorithm: "SHA1",
  digits: 6,
  period: 30,
  secret: Secret.fromLatin1("12345678901234567890"),
}).toString();

const vectors: [seconds: number, code: string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
  [20000000000, "353130"],
];

describe("TOTP codes (RFC 6238)", () => {
  it.each(vectors)("accepts the test vector at T=%i", (seconds, code) => {
    const step = matchingTimeStep(rfcUrl, code, new Date(seconds * 1000));
    expect(step).toBe(Math.floor(seconds / 30));
  });

  it("accepts one step of clock drift either way, not two", () => {
    const [seconds, code] = vectors[3]!;
    const at = (offset: number): Date => new Date((seconds + offset) * 1000);
    expect(matchingTimeStep(rfcUrl, code, at(30))).toBe(Math.floor(seconds / 30));
    expect(matchingTimeStep(rfcUrl, code, at(-30))).toBe(Math.floor(seconds / 30));
    expect(matchingTimeStep(rfcUrl, code, at(90))).toBeUndefined();
  });

  it("refuses anything but six digits", () => {
    for (const code of ["", "28708", "2870822", "28708a", " 287082"])
      expect(matchingTimeStep(rfcUrl, code, new Date(59_000))).toBeUndefined();
  });

  it("makes 160-bit SHA-1 keys with the issuer and the account", () => {
    const url = newTotpUrl("Moos", "mia@example.com");
    expect(url).toMatch(/^otpauth:\/\/totp\/Moos:mia%40example\.com\?/);
    expect(new URL(url).searchParams.get("algorithm")).toBe("SHA1");
    expect(new URL(url).searchParams.get("digits")).toBe("6");
    expect(new URL(url).searchParams.get("period")).toBe("30");
    expect(totpSecretOf(url)).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpUrl("Moos", "x")).not.toBe(newTotpUrl("Moos", "x"));
  });
});

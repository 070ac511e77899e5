import { describe, expect, it } from "vitest";
import { createPasswordHasher, isSupportedPasswordHash } from "./password-hasher.ts";
import { parsePhpassHash, verifyPhpass } from "./phpass.ts";

const hasher = createPasswordHasher({ argon2: { memoryKib: 1024, iterations: 1, parallelism: 1 } });

describe("phpass portable hashes", () => {
  // Openwall's phpass test.php and hashcat's example hashes (modes 400).
  const vectors = [
    ["test12345", "$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0"],
    ["hashcat", "$P$984478476IagS59wHZvyQMArzfx58u."],
    ["hashcat", "$H$984478476IagS59wHZvyQMArzfx58u."],
  ] as const;

  it.each(vectors)("verifies %s against %s", async (password, encoded) => {
    expect(await verifyPhpass(password, encoded)).toBe(true);
    expect(await verifyPhpass(`${password}x`, encoded)).toBe(false);
    expect(await hasher.verify(password, encoded)).toBe(true);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it("refuses malformed hashes and too many rounds", () => {
    expect(parsePhpassHash("$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L")).toBeUndefined();
    expect(parsePhpassHash("$X$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0")).toBeUndefined();
    // "z" would be 2^63 rounds; "4" (2^6) is below phpass's minimum.
    expect(parsePhpassHash("$P$zIQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0")).toBeUndefined();
    expect(parsePhpassHash("$P$4IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0")).toBeUndefined();
    expect(isSupportedPasswordHash("$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0")).toBe(true);
  });
});

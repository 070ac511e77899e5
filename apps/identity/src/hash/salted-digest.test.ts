import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPasswordHasher, isSupportedPasswordHash } from "./password-hasher.ts";
import { parseSaltedDigestHash } from "./salted-digest.ts";

const hasher = createPasswordHasher({ argon2: { memoryKib: 1024, iterations: 1, parallelism: 1 } });
const b64 = (value: string | Buffer): string => Buffer.from(value).toString("base64");

/** The `$<digest>$pf=...` form Kratos's import documents. */
function pfHash(digest: string, format: string, salt: string, password: string): string {
  const input = format.replace("{SALT}", salt).replace("{PASSWORD}", password);
  const hash = createHash(digest).update(input).digest();
  return `$${digest}$pf=${b64(format)}$${b64(salt)}$${b64(hash)}`;
}

describe("salted digests", () => {
  // Kratos's own import vectors (identity/handler_test.go).
  const kratos = [
    ["123456", "$md5$4QrcOUm6Wau+VuBX8g+IPg=="],
    ["test123", "{SSHA}JFZFs0oHzxbMwkSJmYVeI8MnTDy/276a"],
    ["test123", "{SSHA256}czO44OTV17PcF1cRxWrLZLy9xHd7CWyVYplr1rOhuMlx/7IK"],
    [
      "test123",
      "{SSHA512}xPUl/px+1cG55rUH4rzcwxdOIPSB2TingLpiJJumN2xyDWN4Ix1WQG3ihnvHaWUE8MYNkvMi5rf0C9NYixHsE6Yh59M=",
    ],
  ] as const;

  it.each(kratos)("verifies Kratos's vector for %s: %s", async (password, encoded) => {
    expect(await hasher.verify(password, encoded)).toBe(true);
    expect(await hasher.verify(`${password}!`, encoded)).toBe(false);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it.each(["md5", "sha1", "sha256", "sha512"])(
    "verifies $%s$pf= with the salt before or after the password",
    async (digest) => {
      for (const format of ["{SALT}{PASSWORD}", "{PASSWORD}{SALT}", "{SALT}::{PASSWORD}"]) {
        const encoded = pfHash(digest, format, "pepper-salt", "Grüße 123");
        expect(await hasher.verify("Grüße 123", encoded)).toBe(true);
        expect(await hasher.verify("Grüsse 123", encoded)).toBe(false);
      }
    },
  );

  it("matches a hand-computed salted sha1", async () => {
    // sha1("salt" + "password") as Python's hashlib computes it, as many PHP shops stored it.
    const hash = createHash("sha1").update("saltpassword").digest("hex");
    expect(hash).toBe("59b3e8d637cf97edbe2384cf59cb7453dfe30789");
    const encoded = `$sha1$pf=${b64("{SALT}{PASSWORD}")}$${b64("salt")}$${b64(Buffer.from(hash, "hex"))}`;
    expect(await hasher.verify("password", encoded)).toBe(true);
  });

  it.each([
    "$sha1$pf=e1NBTFR9$c2FsdA==$yI6cZwQadOA1e+/f+T+H3eCQQhQ=",
    "$sha1$pf=!!!$c2FsdA==$yI6cZwQadOA1e+/f+T+H3eCQQhQ=",
    "$sha384$pf=e1NBTFR9e1BBU1NXT1JEfQ==$c2FsdA==$yI6cZwQadOA1e+/f+T+H3eCQQhQ=",
    "$sha1$pf=e1NBTFR9e1BBU1NXT1JEfQ==$c2FsdA==$yI6cZwQadOA1e+/f",
    "$md5$4QrcOUm6Wau+VuBX8g+I",
    "{SSHA}JFZFs0oHzxbMwkSJmYVeI8Mn",
    "{SMD5}JFZFs0oHzxbMwkSJmYVeI8MnTDy/276a",
  ])("refuses %s", async (encoded) => {
    expect(parseSaltedDigestHash(encoded)).toBeUndefined();
    expect(isSupportedPasswordHash(encoded)).toBe(false);
    expect(await hasher.verify("password", encoded)).toBe(false);
  });
});

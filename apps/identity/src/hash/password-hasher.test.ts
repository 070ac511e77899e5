import { pbkdf2Sync, randomBytes } from "node:crypto";
import { hashSync as argon2HashSync } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { HashError } from "./errors.ts";
import {
  createPasswordHasher,
  defaultArgon2Options,
  isSupportedPasswordHash,
} from "./password-hasher.ts";

// Small parameters keep the suite fast; the defaults get their own test below.
const fastArgon2 = { memoryKib: 1024, iterations: 1, parallelism: 1 };
const hasher = createPasswordHasher({ argon2: fastArgon2 });

function pbkdf2Phc(options: {
  digest: string;
  password: string;
  iterations: number;
  padded?: boolean;
}): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(options.password, salt, options.iterations, 32, options.digest);
  const encode = (bytes: Buffer): string => {
    const base64 = bytes.toString("base64");
    return options.padded ? base64 : base64.replace(/=+$/, "");
  };
  return `$pbkdf2-${options.digest}$i=${options.iterations},l=32$${encode(salt)}$${encode(hash)}`;
}

describe("argon2id hashing", () => {
  it("hashes to a PHC string with the configured parameters and verifies it", async () => {
    const encoded = await hasher.hash("correct horse battery");
    expect(encoded).toMatch(
      /^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await hasher.verify("correct horse battery", encoded)).toBe(true);
    expect(await hasher.verify("correct horse batterY", encoded)).toBe(false);
    expect(await hasher.verify("", encoded)).toBe(false);
    expect(hasher.needsRehash(encoded)).toBe(false);
  });

  it("salts every hash", async () => {
    const [first, second] = await Promise.all([hasher.hash("same"), hasher.hash("same")]);
    expect(first).not.toBe(second);
  });

  it("round-trips long and non-ASCII passwords without truncation", async () => {
    const password = "Grüße, 🐄! ".repeat(93).slice(0, 1024);
    const encoded = await hasher.hash(password);
    expect(await hasher.verify(password, encoded)).toBe(true);
    expect(await hasher.verify(password.slice(0, -1), encoded)).toBe(false);
  });

  it("uses m=19456,t=2,p=1 with the defaults and hashes off the main thread", async () => {
    const defaults = createPasswordHasher({ argon2: defaultArgon2Options });
    let hasEventLoopTurned = false;
    setImmediate(() => {
      hasEventLoopTurned = true;
    });
    const encoded = await defaults.hash("correct horse battery");
    // A hash computed on the main thread would resolve before the immediate could run.
    expect(hasEventLoopTurned).toBe(true);
    expect(encoded.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(defaults.needsRehash(encoded)).toBe(false);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it("refuses parameters outside argon2's limits with a coded error", () => {
    for (const argon2 of [
      { memoryKib: 7, iterations: 1, parallelism: 1 },
      { memoryKib: 64, iterations: 0, parallelism: 1 },
      { memoryKib: 64, iterations: 1, parallelism: 0 },
      { memoryKib: 64, iterations: 1.5, parallelism: 1 },
      { memoryKib: 64, iterations: 1, parallelism: 256 },
    ]) {
      expect(() => createPasswordHasher({ argon2 })).toThrowError(
        expect.objectContaining({ name: "HashError", code: "hash_invalid_options" }),
      );
    }
    expect(() =>
      createPasswordHasher({ argon2: { memoryKib: 7, iterations: 1, parallelism: 1 } }),
    ).toThrow(HashError);
  });
});

describe("foreign hashes", () => {
  it("verifies argon2i and argon2d and asks for a rehash", async () => {
    for (const algorithm of [0, 1] as const) {
      const encoded = argon2HashSync("imported", { algorithm, memoryCost: 1024, timeCost: 1 });
      expect(encoded).toMatch(/^\$argon2[di]\$/);
      expect(await hasher.verify("imported", encoded)).toBe(true);
      expect(await hasher.verify("Imported", encoded)).toBe(false);
      expect(hasher.needsRehash(encoded)).toBe(true);
    }
  });

  it("verifies argon2id with other parameters and asks for a rehash", async () => {
    const encoded = argon2HashSync("imported", { memoryCost: 2048, timeCost: 1, parallelism: 2 });
    expect(await hasher.verify("imported", encoded)).toBe(true);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it("verifies Kratos's own argon2 vectors (hash/hasher_test.go)", async () => {
    const argon2id = "$argon2id$v=19$m=32,t=2,p=4$cm94YnRVOW5jZzFzcVE4bQ$MNzk5BtR2vUhrp6qQEjRNw";
    const argon2i =
      "$argon2i$v=19$m=65536,t=3,p=4$kk51rW/vxIVCYn+EG4kTSg$NyT88uraJ6im6dyha/M5jhXvpqlEdlS/9fEm7ScMb8c";
    expect(await hasher.verify("test", argon2id)).toBe(true);
    expect(await hasher.verify("test", `${argon2id.slice(0, -1)}2`)).toBe(false);
    expect(await hasher.verify("test", argon2i)).toBe(true);
  });

  it("verifies bcrypt $2a$, $2b$ and $2y$ and asks for a rehash", async () => {
    const encoded = bcrypt.hashSync("imported", 4);
    expect(encoded.startsWith("$2b$04$")).toBe(true);
    // The three minors compute the same hash; only the label differs.
    for (const minor of ["a", "b", "y"]) {
      const relabelled = `$2${minor}${encoded.slice(3)}`;
      expect(await hasher.verify("imported", relabelled)).toBe(true);
      expect(await hasher.verify("imported!", relabelled)).toBe(false);
      expect(hasher.needsRehash(relabelled)).toBe(true);
    }
  });

  it("verifies PHP's password_hash example ($2y$) and Kratos's bcrypt vector", async () => {
    const php = "$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a";
    expect(await hasher.verify("rasmuslerdorf", php)).toBe(true);
    const kratos = "$2a$12$o6hx.Wog/wvFSkT/Bp/6DOxCtLRTDj7lm9on9suF/WaCGNVHbkfL6";
    expect(await hasher.verify("test", kratos)).toBe(true);
    expect(await hasher.verify("test", `${kratos.slice(0, -1)}7`)).toBe(false);
  });

  it("accepts bcrypt's 72-byte truncation as the importing system did", async () => {
    const long = "a".repeat(80);
    const encoded = bcrypt.hashSync(long, 4);
    expect(await hasher.verify(long, encoded)).toBe(true);
    expect(await hasher.verify("a".repeat(71), encoded)).toBe(false);
  });

  it("verifies pbkdf2 with every digest, padded or not, and asks for a rehash", async () => {
    for (const digest of ["sha1", "sha224", "sha256", "sha384", "sha512"]) {
      for (const padded of [false, true]) {
        const encoded = pbkdf2Phc({ digest, password: "imported", iterations: 1000, padded });
        expect(await hasher.verify("imported", encoded)).toBe(true);
        expect(await hasher.verify("imported ", encoded)).toBe(false);
        expect(hasher.needsRehash(encoded)).toBe(true);
      }
    }
  });

  it("verifies Kratos's own pbkdf2 vectors (hash/hasher_test.go)", async () => {
    const sha256 =
      "$pbkdf2-sha256$i=100000,l=32$1jP+5Zxpxgtee/iPxGgOz0RfE9/KJuDElP1ley4VxXc$QJxzfvdbHYBpydCbHoFg3GJEqMFULwskiuqiJctoYpI";
    const sha512 =
      "$pbkdf2-sha512$i=100000,l=32$bdHBpn7OWOivJMVJypy2UqR0UnaD5prQXRZevj/05YU$+wArTfv1a+bNGO1iZrmEdVjhA+lL11wF4/IxpgYfPwc";
    expect(await hasher.verify("test", sha256)).toBe(true);
    expect(await hasher.verify("test", sha512)).toBe(true);
    expect(await hasher.verify("test", `${sha256.slice(0, -2)}pp`)).toBe(false);
    expect(await hasher.verify("test", sha256.replace("i=", "I="))).toBe(false);
    expect(await hasher.verify("test", `${sha256}I`)).toBe(false);
  });
});

describe("malformed and unknown hashes", () => {
  const goodArgon2 = argon2HashSync("x", { memoryCost: 1024, timeCost: 1 });
  const goodPbkdf2 = pbkdf2Phc({ digest: "sha256", password: "x", iterations: 10 });
  const malformed = [
    "",
    "x",
    "$",
    "$$$$",
    "plaintext_password",
    "$unknown$12$o6hx.Wog/wvFSkT/Bp/6DOxCtLRTDj7lm9on9suF/WaCGNVHbkfL6",
    "$scrypt$ln=16384,r=8,p=1$2npRo7P03Mt8keSoMbyD/tKFWyUzjiQf2svUaNDSrhA=$MiCzNcIplSMqSBrm4HckjYqYhaVPPjTARTzwB1cVNYE=",
    goodArgon2.slice(0, goodArgon2.lastIndexOf("$")),
    goodArgon2.replace("$v=19$", "$"),
    goodArgon2.replace("m=1024", "m=abc"),
    "$argon2id$v=19$m=1024,t=1,p=1$zz$zz",
    "$argon2id$v=19$m=1024,t=1,p=1$!!!!$!!!!",
    "$argon2id$v=19$m=4,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
    ` ${goodArgon2}`,
    `${goodArgon2}\n`,
    "$2b$04$short",
    "$2b$99$7fR4BIAzRTSAFSQREPh/QOht/sxcOeMQe1AjkWIOXPK.ES3mGjMCy",
    "$2x$04$7fR4BIAzRTSAFSQREPh/QOht/sxcOeMQe1AjkWIOXPK.ES3mGjMCy",
    "$2b$04$7fR4BIAzRTSAFSQREPh/QOht/sxcOeMQe1AjkWIOXPK.ES3mGjMC!",
    goodPbkdf2.replace("sha256", "md5"),
    goodPbkdf2.replace(/i=\d+/, "i=0"),
    goodPbkdf2.replace(/i=\d+/, "i=99999999999"),
    goodPbkdf2.replace(/,l=\d+/, ""),
    goodPbkdf2.slice(0, goodPbkdf2.lastIndexOf("$") + 5),
    "$pbkdf2-sha256$aaaa$1jP+5Zxpxgtee/iPxGgOz0RfE9/KJuDElP1ley4VxXc$QJxzfvdbHYBpydCbHoFg3GJEqMFULwskiuqiJctoYpI",
  ];

  it.each(malformed)("verify(%j) is false, never an exception", async (encoded) => {
    await expect(hasher.verify("x", encoded)).resolves.toBe(false);
    expect(hasher.needsRehash(encoded)).toBe(true);
  });

  it("tells an import which hashes it can verify", () => {
    expect(isSupportedPasswordHash(goodArgon2)).toBe(true);
    expect(isSupportedPasswordHash(goodPbkdf2)).toBe(true);
    expect(isSupportedPasswordHash(bcrypt.hashSync("x", 4))).toBe(true);
    expect(isSupportedPasswordHash("plaintext_password")).toBe(false);
    expect(isSupportedPasswordHash(goodPbkdf2.replace("sha256", "md5"))).toBe(false);
  });
});

describe("verifyDummy", () => {
  it("resolves with the shipped hash for the default parameters", async () => {
    const defaults = createPasswordHasher({ argon2: defaultArgon2Options });
    await expect(defaults.verifyDummy("anything")).resolves.toBeUndefined();
  });

  it("resolves with a hash computed once for other parameters", async () => {
    await expect(hasher.verifyDummy("anything")).resolves.toBeUndefined();
    await expect(hasher.verifyDummy("anything else")).resolves.toBeUndefined();
  });
});

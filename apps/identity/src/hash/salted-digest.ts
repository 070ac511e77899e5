import { createHash, timingSafeEqual } from "node:crypto";

// Plain digests with a salt, in the two shapes Kratos's import accepts (hash/hash_comparator.go):
// - `$md5$<hash>`, and `$<md5|sha1|sha256|sha512>$pf=<format>$<salt>$<hash>`: the format says
//   where salt and password go ("{SALT}{PASSWORD}"); format, salt and hash in padded base64.
// - LDAP's `{SSHA}`, `{SSHA256}`, `{SSHA512}`: base64(digest(password . salt) . salt).
// These are weak (one fast digest); they are accepted only so imported customers can sign in
// once, after which the login replaces them with argon2id.

export type Digest = "md5" | "sha1" | "sha256" | "sha512";

export interface SaltedDigestHash {
  digest: Digest;
  /** Parts of the salting format; `salt` and `password` mark where those go. */
  format: (Buffer | "salt" | "password")[];
  salt: Buffer;
  hash: Buffer;
}

const digestBytes: Record<Digest, number> = { md5: 16, sha1: 20, sha256: 32, sha512: 64 };
const base64 = "[A-Za-z0-9+/]+={0,2}";
const pfPattern = new RegExp(
  `^\\$(md5|sha1|sha256|sha512)\\$pf=(${base64})\\$(${base64})\\$(${base64})$`,
);
const md5Pattern = new RegExp(`^\\$md5\\$(${base64})$`);
const sshaPattern = /^\{(SSHA|SSHA256|SSHA512)\}([A-Za-z0-9+/]+={0,2})$/;
const sshaDigest: Record<string, Digest> = { SSHA: "sha1", SSHA256: "sha256", SSHA512: "sha512" };

function decode(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, "base64");
  // Node's decoder skips bad characters; re-encoding catches a string that was not base64.
  return bytes.toString("base64").replace(/=+$/, "") === text.replace(/=+$/, "")
    ? bytes
    : undefined;
}

function parseFormat(format: string): SaltedDigestHash["format"] | undefined {
  const parts = format.split(/(\{SALT\}|\{PASSWORD\})/).filter(Boolean);
  if (!parts.includes("{PASSWORD}")) return undefined;
  return parts.map((part) =>
    part === "{SALT}" ? "salt" : part === "{PASSWORD}" ? "password" : Buffer.from(part, "utf8"),
  );
}

export function parseSaltedDigestHash(encoded: string): SaltedDigestHash | undefined {
  const pf = pfPattern.exec(encoded);
  if (pf) {
    const [, digest, formatText = "", saltText = "", hashText = ""] = pf;
    const formatBytes = decode(formatText);
    const format = formatBytes && parseFormat(formatBytes.toString("utf8"));
    const salt = decode(saltText);
    const hash = decode(hashText);
    if (!format || !salt || !hash || hash.length !== digestBytes[digest as Digest])
      return undefined;
    return { digest: digest as Digest, format, salt, hash };
  }
  const md5 = md5Pattern.exec(encoded);
  if (md5) {
    const hash = decode(md5[1] ?? "");
    if (!hash || hash.length !== digestBytes.md5) return undefined;
    return { digest: "md5", format: ["password"], salt: Buffer.alloc(0), hash };
  }
  const ssha = sshaPattern.exec(encoded);
  if (ssha) {
    const digest = sshaDigest[ssha[1] ?? ""]!;
    const bytes = decode(ssha[2] ?? "");
    const length = digestBytes[digest];
    if (!bytes || bytes.length <= length) return undefined;
    return {
      digest,
      format: ["password", "salt"],
      salt: bytes.subarray(length),
      hash: bytes.subarray(0, length),
    };
  }
  return undefined;
}

export async function verifySaltedDigest(password: string, encoded: string): Promise<boolean> {
  const parsed = parseSaltedDigestHash(encoded);
  if (!parsed) return false;
  const input = parsed.format.map((part) =>
    part === "salt" ? parsed.salt : part === "password" ? Buffer.from(password, "utf8") : part,
  );
  const actual = createHash(parsed.digest).update(Buffer.concat(input)).digest();
  return timingSafeEqual(actual, parsed.hash);
}

import { createHash, timingSafeEqual } from "node:crypto";

// phpass "portable" hashes, as WordPress/WooCommerce ($P$) and phpBB ($H$) store them:
// md5(salt . password), then md5(hash . password) 2^n more times, in phpass's own base64.
// The npm ports of phpass are unmaintained, so this is the algorithm from Openwall's
// PasswordHash.php (crypt_private), with the result compared in constant time.
// https://www.openwall.com/phpass/

const itoa64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const phpassPattern = /^\$([PH])\$([./0-9A-Za-z])([./0-9A-Za-z]{8})([./0-9A-Za-z]{22})$/;

// phpass allows 2^7 to 2^30 rounds. The md5 loop runs on the main thread, so we refuse more
// than 2^18 (a few hundred milliseconds): WordPress writes 2^8, phpBB 2^11.
const minLog2 = 7;
const maxLog2 = 18;

export interface PhpassHash {
  setting: string;
  rounds: number;
  salt: string;
  checksum: string;
}

export function parsePhpassHash(encoded: string): PhpassHash | undefined {
  const match = phpassPattern.exec(encoded);
  if (!match) return undefined;
  const [, , countChar = "", salt = "", checksum = ""] = match;
  const log2 = itoa64.indexOf(countChar);
  if (log2 < minLog2 || log2 > maxLog2) return undefined;
  return { setting: encoded.slice(0, 12), rounds: 2 ** log2, salt, checksum };
}

/** phpass's encode64: little-endian groups of 6 bits. */
function encode64(input: Buffer): string {
  let output = "";
  let i = 0;
  while (i < input.length) {
    let value = input[i++]!;
    output += itoa64[value & 0x3f];
    if (i < input.length) value |= input[i]! << 8;
    output += itoa64[(value >> 6) & 0x3f];
    if (i++ >= input.length) break;
    if (i < input.length) value |= input[i]! << 16;
    output += itoa64[(value >> 12) & 0x3f];
    if (i++ >= input.length) break;
    output += itoa64[(value >> 18) & 0x3f];
  }
  return output;
}

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash("md5");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/**
 * The phpass hash of `password` under `setting` ($P$ or $H$, the rounds character and an
 * 8-character salt). Exported for tests and the sample file; the service never writes one.
 */
export function phpassHash(password: string, setting: string): string {
  const parsed = parsePhpassHash(`${setting}${".".repeat(22)}`);
  if (!parsed) throw new Error("not a phpass setting");
  // PHP strings are bytes: the shop hashed the UTF-8 bytes it received.
  const bytes = Buffer.from(password, "utf8");
  let hash = md5(Buffer.from(parsed.salt, "latin1"), bytes);
  for (let round = 0; round < parsed.rounds; round++) hash = md5(hash, bytes);
  return parsed.setting + encode64(hash);
}

export async function verifyPhpass(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePhpassHash(encoded);
  if (!parsed) return false;
  const actual = Buffer.from(phpassHash(password, parsed.setting), "latin1");
  return timingSafeEqual(actual, Buffer.from(encoded, "latin1"));
}

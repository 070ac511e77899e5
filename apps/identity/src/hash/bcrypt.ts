import { compare } from "bcryptjs";

export interface BcryptHash {
  cost: number;
  /** The hash with `$2y$` rewritten as `$2b$`. */
  normalized: string;
}

// Modular crypt format: $2<minor>$<cost>$<22 chars salt><31 chars hash>, bcrypt's own base64.
const bcryptPattern = /^\$2([aby])\$(\d{2})\$([./A-Za-z0-9]{53})$/;

export function parseBcryptHash(encoded: string): BcryptHash | undefined {
  const match = bcryptPattern.exec(encoded);
  if (!match) return undefined;
  const [, minor, cost, rest] = match;
  const rounds = Number(cost);
  if (rounds < 4 || rounds > 31) return undefined;
  // PHP's $2y$ is the same algorithm as OpenBSD's $2b$ (both fixed the 2011 sign-extension bug).
  return { cost: rounds, normalized: `$2${minor === "y" ? "b" : minor}$${cost}$${rest}` };
}

/**
 * bcryptjs is plain JavaScript, but its async compare yields to the event loop between rounds,
 * and compares the result in constant time. bcrypt reads only the first 72 bytes: that is how
 * the importing system hashed too, so longer passwords are accepted as they were there (unlike
 * Kratos, which refuses them) and the full password is kept when the login rehashes it.
 */
export async function verifyBcrypt(password: string, encoded: string): Promise<boolean> {
  const parsed = parseBcryptHash(encoded);
  if (!parsed) return false;
  try {
    return await compare(password, parsed.normalized);
  } catch {
    return false;
  }
}

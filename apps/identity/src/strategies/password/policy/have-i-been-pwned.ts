import { createHash } from "node:crypto";

export interface PwnedPasswordsOptions {
  /** Base URL of the Pwned Passwords API, e.g. "https://api.pwnedpasswords.com". */
  host: string;
  timeoutMs: number;
  fetchImpl: typeof fetch;
}

/**
 * How often `password` appears in Have I Been Pwned's corpus (0 when absent), or undefined when
 * the API could not be asked. Uses the range API's k-anonymity model: only the first 5 hex
 * digits of the SHA-1 leave the process, and the matching suffix is looked up locally.
 * https://haveibeenpwned.com/API/v3#SearchingPwnedPasswordsByRange
 */
export async function countPwnedPassword(
  password: string,
  options: PwnedPasswordsOptions,
): Promise<number | undefined> {
  const digest = createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  const url = `${options.host.replace(/\/+$/, "")}/range/${prefix}`;
  try {
    const response = await options.fetchImpl(url, {
      // Padding makes every response about the same size, so its length does not hint at the
      // prefix to someone watching the wire; padded entries have a count of 0.
      headers: { "Add-Padding": "true" },
      // One deadline for the connection and the body alike.
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) return undefined;
    return countInRange(await response.text(), suffix);
  } catch {
    // Like Kratos (ignore_network_errors, on by default): an unreachable API must not stop
    // people from choosing a password; the bundled list still applies.
    return undefined;
  }
}

/** Reads the `SUFFIX:COUNT` lines of a range response. */
function countInRange(body: string, suffix: string): number {
  for (const line of body.split("\n")) {
    const separator = line.indexOf(":");
    if (separator < 0 || line.slice(0, separator).trim().toUpperCase() !== suffix) continue;
    const count = Number.parseInt(line.slice(separator + 1).trim(), 10);
    return Number.isFinite(count) && count > 0 ? count : 0;
  }
  return 0;
}

// Which address a request comes from, for the web app and the console alike. The socket's peer
// is the only address nobody can fake; X-Forwarded-For is believed only as far as it was written
// by proxies we trust (the web app's TRUSTED_PROXIES, the console's CONSOLE_TRUSTED_PROXIES):
// walking it from the right, every hop a trusted proxy appended is taken at its word, and the
// first address that is not a trusted proxy is the client. A client that sends its own
// X-Forwarded-For (to dodge per-address limits or to plant an address on its session) only adds
// entries left of the one our proxy wrote, which are never reached. This is the rule of Express's `trust proxy` with a list, and of Kratos's trusted proxies.

import { BlockList, isIP } from "node:net";

export class TrustedProxiesError extends Error {
  override readonly name = "TrustedProxiesError";
}

/** `::ffff:127.0.0.1` -> `127.0.0.1`: a dual-stack socket reports IPv4 peers this way. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * One address as written by a socket or a proxy, normalized (IPv4-mapped IPv6 to IPv4, IPv6
 * lower case, brackets and ports dropped), or undefined when it is not an IP address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (ipv4WithPort?.[1]) value = ipv4WithPort[1];
  const mapped = IPV4_MAPPED.exec(value);
  if (mapped?.[1]) value = mapped[1];
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return value.toLowerCase();
  return undefined;
}

/** A set of addresses and CIDR blocks (`10.0.0.0/8`, `fd00::/8`). */
export class TrustedProxies {
  readonly entries: readonly string[];
  private readonly list = new BlockList();

  private constructor(entries: readonly string[]) {
    this.entries = Object.freeze([...entries]);
    for (const entry of entries) this.add(entry);
    Object.freeze(this);
  }

  /** Parses a comma-separated list; throws TrustedProxiesError naming a wrong entry. */
  static parse(raw: string): TrustedProxies {
    const entries = raw
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    return new TrustedProxies(entries);
  }

  private add(entry: string): void {
    const slash = entry.indexOf("/");
    const address = normalizeAddress(slash < 0 ? entry : entry.slice(0, slash));
    if (!address) throw new TrustedProxiesError(`"${entry}" is not an IP address or CIDR block`);
    const type = isIP(address) === 4 ? "ipv4" : "ipv6";
    if (slash < 0) {
      this.list.addAddress(address, type);
      return;
    }
    const prefix = entry.slice(slash + 1);
    const max = type === "ipv4" ? 32 : 128;
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) {
      throw new TrustedProxiesError(`"${entry}" has no valid prefix length (0 to ${max})`);
    }
    // Trusting every address is the defect this setting exists to fix: any client could
    // then choose the address it is recorded and rate-limited under.
    if (Number(prefix) === 0) {
      throw new TrustedProxiesError(`"${entry}" would trust every client; name your proxies`);
    }
    this.list.addSubnet(address, Number(prefix), type);
  }

  has(address: string): boolean {
    const normalized = normalizeAddress(address);
    if (!normalized) return false;
    return this.list.check(normalized, isIP(normalized) === 4 ? "ipv4" : "ipv6");
  }
}

export interface Hops {
  /** The socket's peer address; undefined when the server could not tell (see request-context). */
  readonly peer: string | undefined;
  /** The X-Forwarded-For header as received (several headers joined by commas). */
  readonly forwardedFor: string | null | undefined;
}

/**
 * The client's address: the peer, unless the peer is a trusted proxy; then the right-most
 * X-Forwarded-For entry that is not a trusted proxy. When every entry is trusted, the
 * left-most (the farthest known hop). An entry that is not an address ends the walk at the
 * trusted hop that passed it on: what lies beyond it cannot be read.
 */
export function clientAddress(hops: Hops, trusted: TrustedProxies): string | undefined {
  const peer = hops.peer === undefined ? undefined : normalizeAddress(hops.peer);
  if (peer === undefined) return undefined;
  if (!trusted.has(peer)) return peer;
  const chain = (hops.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  let nearest = peer;
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const address = normalizeAddress(chain[index] ?? "");
    if (address === undefined) return nearest;
    if (!trusted.has(address)) return address;
    nearest = address;
  }
  return nearest;
}

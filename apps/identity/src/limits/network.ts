import { isIPv4, isIPv6 } from "node:net";

// The network a client address belongs to, for the risk signals (docs/security.md#bot-defence):
// an IPv4 /24 or an IPv6 /56. A /24 is the smallest block routed between providers, and a home
// or office line gets a /56 from most IPv6 providers (RIPE-690), so a botnet that rotates
// addresses inside one such block still counts as one network.

/** `203.0.113.0/24`, `2001:db8:1200::/56`; an address that is neither is its own network. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  if (isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(ip)) return `${ipv6Prefix56(ip)}::/56`;
  return ip;
}

/** The first 56 bits of an IPv6 address, as the first four groups (the last cut to its byte). */
function ipv6Prefix56(ip: string): string {
  const groups = expandIpv6(ip);
  const fourth = Number.parseInt(groups[3] ?? "0", 16) & 0xff00;
  return [...groups.slice(0, 3), fourth.toString(16)]
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":");
}

/** The eight groups of an IPv6 address (`::` expanded, an embedded IPv4 tail as two groups). */
function expandIpv6(ip: string): string[] {
  const withoutZone = ip.split("%")[0] ?? ip;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  let text = withoutZone;
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${withoutZone.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
}

import { isIP } from "node:net";

/** An IPv4 or IPv6 address, or a CIDR block of one (`10.0.0.0/8`, `fd00::/8`). */
export function isIpOrCidr(value: string): boolean {
  const slash = value.indexOf("/");
  if (slash < 0) return isIP(value) !== 0;
  const version = isIP(value.slice(0, slash));
  const prefix = value.slice(slash + 1);
  if (version === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A block that matches every address (`0.0.0.0/0`, `::/0`): trusting it trusts everyone. */
export function matchesEveryAddress(value: string): boolean {
  return /\/0+$/.test(value);
}

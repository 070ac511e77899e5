import { domainToASCII } from "node:url";
import { normaliseIdentifier } from "./identity.ts";

// One mailbox behind its spellings (docs/security.md#one-welcome-gift-per-mailbox). An address
// is compared without case; at a domain that delivers `name+anything@` to `name@` (RFC 5233's
// subaddress, `email_addresses.subaddress_domains`) the tag is dropped; Gmail also ignores dots
// in the local part, and googlemail.com is gmail.com. Everywhere else the local part is kept as
// typed, in lower case: other providers' dots and tags may name other mailboxes.

const gmail = "gmail.com";
const gmailAliases: ReadonlySet<string> = new Set([gmail, "googlemail.com"]);

/** The domain of an address, lower case, its IDN in ASCII, no trailing dot; "" without one. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return "";
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return domainToASCII(domain) || domain;
}

/**
 * The mailbox an address delivers to, as one string: `name@gmail.com` for
 * `Na.Me+shop@googlemail.com`. Only for comparing; the address a customer typed stays theirs.
 */
export function mailboxOf(address: string, subaddressDomains: readonly string[]): string {
  const value = normaliseIdentifier(address);
  const at = value.lastIndexOf("@");
  if (at <= 0) return value;
  let local = value.slice(0, at);
  let domain = domainOf(value);
  if (gmailAliases.has(domain)) {
    domain = gmail;
    local = local.replaceAll(".", "");
  }
  const tagged = gmailAliases.has(domain) || subaddressDomains.includes(domain);
  const plus = local.indexOf("+");
  if (tagged && plus > 0) local = local.slice(0, plus);
  return `${local}@${domain}`;
}

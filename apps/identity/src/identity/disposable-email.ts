import mailchecker from "mailchecker";
import { domainOf } from "./mailbox.ts";

// Throwaway mailboxes (docs/security.md#no-throwaway-addresses). The list is mailchecker's
// (over 55,000 domains, released every few weeks); the configuration adds domains to refuse and
// domains to accept although the list names them. A domain matches itself and every subdomain,
// as mailchecker's own check does: `x.mailinator.com` is mailinator.com.

export interface DisposableDomains {
  readonly refuse: boolean;
  readonly allow: readonly string[];
  readonly block: readonly string[];
}

const listed: ReadonlySet<string> = mailchecker.blacklist();

/** The domain and each parent it belongs to: a.b.example.com, b.example.com, example.com, com. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split(".");
  return labels.map((_, index) => labels.slice(index).join("."));
}

/** The configured domain that matches, "" when none does. */
function matchIn(domains: readonly string[], candidates: readonly string[]): string {
  const wanted = new Set(domains.map((d) => d.trim().toLowerCase().replace(/\.$/, "")));
  return candidates.find((candidate) => wanted.has(candidate)) ?? "";
}

/**
 * The throwaway domain an address is at (as listed, so a subdomain names its listed parent),
 * or undefined when the address is fine or refusing is off.
 */
export function disposableDomainOf(address: string, config: DisposableDomains): string | undefined {
  if (!config.refuse) return undefined;
  const domain = domainOf(address);
  if (!domain) return undefined;
  const candidates = domainAndParents(domain);
  if (matchIn(config.allow, candidates)) return undefined;
  const blocked = matchIn(config.block, candidates);
  if (blocked) return blocked;
  return candidates.find((candidate) => listed.has(candidate));
}

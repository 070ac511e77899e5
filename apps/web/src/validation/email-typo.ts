// "Meintest du erika@gmail.com?": a likely typo in an email address's domain, and the address
// it probably should be (docs/web-app.md, email typo hints). The same pure function serves the
// browser (the hint under the field) and the server (the hint on the next step without
// JavaScript). It looks at nothing but the text typed: no lookup, so a hint never says whether
// an address is registered.
//
// The matching is @zootools/email-spell-checker's (mailcheck's algorithm, kept in TypeScript
// with its own tests), given our own lists and held back by three rules, because the one thing
// worse than missing a typo is "correcting" an address that works:
// - a domain of the list is never changed, and the list holds the real ones that look like its
//   big names (ok.de and o2.de, gmx.net and gmx.de, mail.de and email.de), as does a short list
//   of real domains that are nobody's mail (gmail.de);
// - a name under four letters is never replaced (aok.de is not aol.de, gmc.de not gmx.de);
// - a German, Austrian or Swiss domain keeps its country (gmail.de is a domain of its own), and
//   a real top-level domain is only completed by a letter it lacks to a domain of the list
//   (gmail.co is gmail.com; firma.co, mail.ru and gmx.li stay; IANA's list of top-level
//   domains, the `tlds` package).

import { run } from "@zootools/email-spell-checker";
import realTopLevelDomains from "tlds";

/**
 * Where German customers have their mail, the big international names after them. A domain
 * here is never corrected, and a typo is corrected to the nearest one.
 */
export const MAIL_DOMAINS: readonly string[] = [
  // German providers.
  "gmx.de",
  "gmx.net",
  "web.de",
  "t-online.de",
  "freenet.de",
  "posteo.de",
  "posteo.net",
  "mailbox.org",
  "mail.com",
  "email.com",
  "arcor.de",
  "online.de",
  "email.de",
  "mail.de",
  "magenta.de",
  "vodafone.de",
  "kabelmail.de",
  "ionos.de",
  "1und1.de",
  "o2online.de",
  "o2.de",
  "ok.de",
  "netcologne.de",
  "ewe.net",
  "tutanota.de",
  // The big names, with their German and Austrian/Swiss domains.
  "gmail.com",
  "googlemail.com",
  "outlook.de",
  "outlook.com",
  "hotmail.de",
  "hotmail.com",
  "live.de",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "yahoo.de",
  "yahoo.com",
  "ymail.com",
  "aol.de",
  "aol.com",
  "gmx.at",
  "gmx.ch",
  "gmx.com",
  "proton.me",
  "protonmail.com",
  "tutanota.com",
  "tuta.io",
];

/**
 * Real domains close to a name of the list that are no mail providers of our customers: never
 * corrected, never suggested (gmail.de is not Google's and not mail.de).
 */
const OTHER_REAL_DOMAINS: readonly string[] = [
  "gmail.de",
  "googlemail.de",
  "gmx.eu",
  "web.com",
  "life.de",
];

/** What a mistyped top-level domain most likely was, most likely first (ties go to the first). */
const LIKELY_TOP_LEVEL_DOMAINS = ["de", "com", "net", "org", "at", "ch", "eu", "info"];

/** Countries whose domains are never moved to another top-level domain. */
const KEPT_COUNTRIES = new Set(["de", "at", "ch"]);

/** A name (the label before the top-level domain) shorter than this is never replaced. */
const MIN_REPLACEABLE_NAME = 4;

const topLevelDomains = [
  ...LIKELY_TOP_LEVEL_DOMAINS,
  ...realTopLevelDomains.filter((tld) => !LIKELY_TOP_LEVEL_DOMAINS.includes(tld)),
];

/** Whether `short` is `full` with one letter left out (co, cm: com). */
function isOneLetterShort(short: string, full: string): boolean {
  if (full.length !== short.length + 1) return false;
  for (let index = 0; index < full.length; index += 1) {
    if (full.slice(0, index) + full.slice(index + 1) === short) return true;
  }
  return false;
}

function splitDomain(domain: string): { name: string; topLevel: string } {
  const dot = domain.indexOf(".");
  return dot < 0
    ? { name: "", topLevel: domain }
    : { name: domain.slice(0, dot), topLevel: domain.slice(dot + 1) };
}

/**
 * The address the customer probably meant, or undefined: nothing to suggest (no typo, not an
 * address yet, or a domain we must not touch). The local part is kept as typed.
 */
export function suggestEmail(typed: string): string | undefined {
  const email = typed.trim();
  const at = email.lastIndexOf("@");
  if (at < 1) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  // Not an address yet: the hint waits for a domain with a dot and something after it.
  if (!/^[^@\s]+\.[^@\s.]{2,}$/.test(domain)) return undefined;
  if (MAIL_DOMAINS.includes(domain) || OTHER_REAL_DOMAINS.includes(domain)) return undefined;
  const suggestion = run({
    email: `x@${domain}`,
    domains: [...MAIL_DOMAINS],
    topLevelDomains,
    // No corrections of the name alone against a list of names: mail.ch is not gmail.ch.
    secondLevelDomains: [],
  });
  if (!suggestion || suggestion.domain === domain) return undefined;
  const typedParts = splitDomain(domain);
  const suggestedParts = splitDomain(suggestion.domain);
  const replacesName = typedParts.name !== suggestedParts.name;
  const replacesTopLevel = typedParts.topLevel !== suggestedParts.topLevel;
  if (replacesName && typedParts.name.length < MIN_REPLACEABLE_NAME) return undefined;
  // The last label decides (co.uk is British, and a real top-level domain).
  const typedCountry = typedParts.topLevel.slice(typedParts.topLevel.lastIndexOf(".") + 1);
  if (replacesTopLevel && KEPT_COUNTRIES.has(typedCountry)) return undefined;
  // A real top-level domain is only completed, by one missing letter, to a domain of the list
  // (gmail.co and gmail.cm are gmail.com); firma.co, mail.ru and gmx.li stay.
  if (replacesTopLevel && realTopLevelDomains.includes(typedCountry)) {
    const isCompleted =
      MAIL_DOMAINS.includes(suggestion.domain) &&
      isOneLetterShort(typedParts.topLevel, suggestedParts.topLevel);
    if (!isCompleted) return undefined;
  }
  return `${local}@${suggestion.domain}`;
}

import { getDomain } from "tldts";

// Which origins `serve.public.cors.allowed_origins` admits, with Kratos's semantics
// (ory/x corsx.CheckOrigin): an exact origin; one `*` standing for any characters
// (`https://*.shop.example`); or `*` alone for every origin; an empty list admits every origin.
// Security decisions:
// - A wildcard counts only when the fixed part after it is below a registrable domain
//   (`https://*.example.com`, not `https://*.com`, `https://*example.com` or
//   `https://*.vercel.app`): otherwise anyone could register a matching host. Kratos ignores
//   such patterns the same way (Mozilla's public suffix list, private domains included).
// - `*` is answered with `Access-Control-Allow-Origin: *` and never with credentials: the
//   request's origin is echoed only when a named pattern matches it (unlike Kratos, which
//   reflects every origin for `*`), so no arbitrary site can act for a signed-in customer.

/** "named": an exact origin or a wildcard matched; "any": only `*` did; "refused": none. */
export type OriginVerdict = "named" | "any" | "refused";

export function isUnboundedWildcard(pattern: string): boolean {
  const star = pattern.lastIndexOf("*");
  if (star === -1 || pattern === "*") return false;
  const afterStar = pattern.slice(star);
  const dot = afterStar.indexOf(".");
  if (dot === -1) return true;
  const base = afterStar
    .slice(dot + 1)
    .toLowerCase()
    .replace(/:\d+$/, "");
  // A public suffix ("com", "co.uk", "vercel.app") or no known suffix at all has no domain.
  return getDomain(base, { allowPrivateDomains: true }) === null;
}

export function matchOrigin(allowed: readonly string[], origin: string): OriginVerdict {
  if (allowed.length === 0) return "any";
  let any = false;
  for (const raw of allowed) {
    if (raw === "*") {
      any = true;
      continue;
    }
    // Kratos compares case-insensitively (browsers send lower-case origins anyway).
    const pattern = raw.toLowerCase();
    const star = pattern.indexOf("*");
    if (star === -1) {
      if (pattern === origin) return "named";
      continue;
    }
    if (isUnboundedWildcard(pattern)) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (
      origin.length >= prefix.length + suffix.length &&
      origin.startsWith(prefix) &&
      origin.endsWith(suffix)
    )
      return "named";
  }
  return any ? "any" : "refused";
}

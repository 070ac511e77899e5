// URLs the identity service builds from its own base URL (logout_url, redirect_browser_to)
// must be opened on this origin, where the browser's identity cookies live and the proxy
// forwards them. With our identity service or Kratos configured with this app as base_url
// they already are; with Ory Network (or Kratos on its own host) they are turned into paths.

import { type Locale, localizePath, splitLocale } from "./locale";

const PROXIED_PATHS = /^\/(self-service|sessions|\.well-known\/ory|schemas)(\/|$)/;

export function toOwnOrigin(url: string, identityBaseUrl: string): string {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(identityBaseUrl);
  } catch {
    return url;
  }
  if (parsed.origin !== base.origin || !PROXIED_PATHS.test(parsed.pathname)) return url;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const OWN_ROUTES = /^\/(self-service|sessions|\.well-known\/ory|schemas|api)(\/|$)/;

/**
 * A URL on this app's own origin (the identity service's UI URLs and return URLs, which it
 * builds without a language) as a path in the user's language: `http://localhost:3000/settings
 * ?flow=1` -> `/en/settings?flow=1`. Proxied identity paths and /api stay as they are; other
 * origins are returned unchanged.
 */
export function toOwnPath(url: string, publicBaseUrl: string, locale: Locale): string {
  let parsed: URL;
  try {
    parsed = new URL(url, `${publicBaseUrl}/`);
  } catch {
    return url;
  }
  if (parsed.origin !== new URL(publicBaseUrl).origin) return url;
  const rest = `${parsed.search}${parsed.hash}`;
  const { prefixed } = splitLocale(parsed.pathname);
  if (prefixed || OWN_ROUTES.test(parsed.pathname)) return `${parsed.pathname}${rest}`;
  return `${localizePath(locale, parsed.pathname)}${rest}`;
}

// URLs the identity service builds from its own base URL (logout_url, redirect_browser_to)
// must be opened on this origin, where the browser's identity cookies live and the proxy
// forwards them. With our identity service or Kratos configured with this app as base_url
// they already are; with Ory Network (or Kratos on its own host) they are turned into paths.

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

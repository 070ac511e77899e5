// Validation of `return_to` for /api/redirect, with Kratos's rules for allowed return URLs
// (docs/protocol.md#return-to): same scheme, same host (an allowed `*.example.com` matches its
// subdomains), and the path starts with the allowed path. Anything else, including relative
// tricks like `//evil.example` or `javascript:`, falls back to the client's home, so a link
// cannot turn this app into an open redirector.

import type { ClientConfig } from "./config";

function parseHttpUrl(value: string, base?: string): URL | undefined {
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

function hostMatches(host: string, allowedHost: string): boolean {
  if (allowedHost.startsWith("*.")) {
    const suffix = allowedHost.slice(1); // ".example.com"
    return host.endsWith(suffix) && host.length > suffix.length;
  }
  return host === allowedHost;
}

export function isAllowedReturnUrl(url: URL, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    // `*.` is not a valid hostname for URL(): swap it for a placeholder label while parsing.
    const wildcard = /^(https?:\/\/)\*\./.test(entry);
    const parsed = parseHttpUrl(wildcard ? entry.replace("://*.", "://wildcard.") : entry);
    if (!parsed) return false;
    const allowedHost = wildcard ? parsed.host.replace(/^wildcard\./, "*.") : parsed.host;
    return (
      url.protocol === parsed.protocol &&
      hostMatches(url.host, allowedHost) &&
      url.pathname.startsWith(parsed.pathname)
    );
  });
}

export interface RedirectTargetInput {
  readonly returnTo: string | null | undefined;
  readonly client: ClientConfig;
  /** This app's own client (`self`): returning into the app itself is always allowed. */
  readonly self: ClientConfig;
  readonly publicBaseUrl: string;
}

/** Where /api/redirect sends a signed-in user: the validated return_to, else the client's home. */
export function redirectTarget(input: RedirectTargetInput): string {
  const { returnTo, client, self, publicBaseUrl } = input;
  if (returnTo && !returnTo.startsWith("//") && !returnTo.includes("\\")) {
    const url = parseHttpUrl(returnTo, `${publicBaseUrl}/`);
    const allowed = [...client.allowedReturnUrls, ...self.allowedReturnUrls];
    if (url && isAllowedReturnUrl(url, allowed)) return url.toString();
  }
  return client.home;
}

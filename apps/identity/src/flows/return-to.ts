import type { Config } from "../config/config.ts";
import { errors } from "../http/errors.ts";

// return_to may only point under the public API's /self-service or at an allowed URL (scheme,
// host with `*.` wildcards, path prefix), so a crafted link cannot send users to another site.

export function validateReturnTo(config: Config, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let target: URL;
  try {
    target = new URL(value, config.selfservice.default_browser_return_url);
  } catch {
    throw errors.returnToForbidden();
  }
  const allowed = [
    new URL("self-service", config.serve.public.base_url).toString(),
    config.selfservice.default_browser_return_url,
    ...config.selfservice.allowed_return_urls,
  ];
  if (!allowed.some((entry) => matches(target, entry))) throw errors.returnToForbidden();
  return target.toString();
}

function matches(target: URL, entry: string): boolean {
  let allowed: URL;
  try {
    allowed = new URL(entry.replace("://*.", "://wildcard."));
  } catch {
    return false;
  }
  if (target.protocol !== allowed.protocol || target.port !== allowed.port) return false;
  const hostOk = entry.includes("://*.")
    ? target.hostname.endsWith(allowed.hostname.slice("wildcard".length))
    : target.hostname === allowed.hostname;
  return hostOk && target.pathname.startsWith(allowed.pathname.replace(/\/$/, "") || "/");
}

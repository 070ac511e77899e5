// Cookie handling between the browser, this server and the identity service.
//
// The identity service's cookies (CSRF `csrf_token_<hash>`, session `ory_kratos_session`, ...)
// belong to the browser. When a form posts to this server, the server calls the identity
// service and relays its Set-Cookie headers to the browser through Next's cookies() API.
// Two details matter:
// - Domain is dropped: the cookie becomes host-only on the web app's origin, the one origin the
//   browser talks to (the identity service's public paths are proxied there).
// - Next's cookies() URL-encodes values (`=` -> `%3D`), while Kratos writes base64 values raw
//   and Go reads them raw. So before a Cookie header goes to the identity service (from this
//   server or through the proxy), the values of the identity service's cookies are decoded
//   again. Base64 never contains `%`, so decoding a value Kratos set directly is a no-op.

export interface RelayedCookie {
  readonly name: string;
  readonly value: string;
  readonly path?: string;
  readonly expires?: Date;
  readonly maxAge?: number;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly sameSite?: "lax" | "strict" | "none";
}

/**
 * Names of the cookies the identity service (Kratos, Ory Network) owns. Behind https ours are
 * `__Host-` prefixed (`__Host-ory_kratos_session`), so the prefix is looked through.
 */
export function isIdentityCookie(name: string): boolean {
  const bare = name.replace(/^__(Host|Secure)-/, "");
  return bare.startsWith("csrf_token") || bare.startsWith("ory_");
}

function decodeValue(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Undoes Next's URL-encoding of the identity service's cookie values (see above). */
export function normalizeCookieHeader(header: string): string {
  return header
    .split(/;\s*/)
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return isIdentityCookie(name) ? `${name}=${decodeValue(pair.slice(eq + 1))}` : pair;
    })
    .join("; ");
}

function parseSameSite(value: string): RelayedCookie["sameSite"] {
  const lower = value.toLowerCase();
  return lower === "lax" || lower === "strict" || lower === "none" ? lower : undefined;
}

/** Parses one Set-Cookie header (RFC 6265 §5.2), keeping what the browser needs minus Domain. */
export function parseSetCookie(header: string): RelayedCookie | undefined {
  const [pair = "", ...attributes] = header.split(";");
  const eq = pair.indexOf("=");
  if (eq <= 0) return undefined;
  const cookie: {
    -readonly [K in keyof RelayedCookie]: RelayedCookie[K];
  } = { name: pair.slice(0, eq).trim(), value: decodeValue(pair.slice(eq + 1).trim()) };
  for (const attribute of attributes) {
    const [rawKey = "", ...rest] = attribute.split("=");
    const key = rawKey.trim().toLowerCase();
    const value = rest.join("=").trim();
    if (key === "path" && value.startsWith("/")) cookie.path = value;
    else if (key === "expires") {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) cookie.expires = date;
    } else if (key === "max-age" && /^-?\d+$/.test(value)) cookie.maxAge = Number(value);
    else if (key === "httponly") cookie.httpOnly = true;
    else if (key === "secure") cookie.secure = true;
    else if (key === "samesite") cookie.sameSite = parseSameSite(value);
    // Domain is dropped on purpose: the cookie belongs to the web app's origin.
  }
  return cookie;
}

/**
 * The Cookie header a browser would send after receiving `setCookies`: later cookies replace
 * earlier ones of the same name, expired or emptied ones are dropped. One server-side request
 * that makes two calls (start a flow, then submit it) sends the second with the first's CSRF
 * cookie, as the browser would.
 */
export function mergeCookieHeader(
  header: string | null | undefined,
  setCookies: readonly string[],
): string {
  const jar = new Map<string, string>();
  for (const pair of (header ?? "").split(/;\s*/)) {
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  for (const line of setCookies) {
    const cookie = parseSetCookie(line);
    if (!cookie) continue;
    const expired =
      cookie.value === "" ||
      (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
      (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

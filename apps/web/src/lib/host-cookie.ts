// The web app's own cookies (language, client) over https: `Secure` and named with the
// `__Host-` prefix, which browsers accept only from a secure origin with `Path=/` and no
// Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite them
// (RFC 6265bis §4.1.3.2). Over http (local start, tests) they keep their plain names.
// Writers and readers both take the name from here, for the same `secure`, so a renamed cookie
// is always read under the name it was written with.

export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

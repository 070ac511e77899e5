// The security headers of the web app's answers.
//
// Every answer (next.config.ts, also static files): nosniff, the referrer policy, the
// permissions policy and a baseline CSP that needs no nonce. Every page (src/proxy.ts): the
// full CSP with a fresh nonce, which Next puts on its own scripts when it finds the policy in
// the request headers (https://nextjs.org/docs/app/guides/content-security-policy), and HSTS
// when the app is served over https.
//
// Decisions:
// - script-src: the nonce and 'strict-dynamic' (scripts those load, such as Next's chunks and
//   the identity service's /.well-known/ory/webauthn.js, which the passkey code inserts, may
//   run); no 'unsafe-inline', no 'unsafe-eval'.
// - style-src: our stylesheets and nonced <style> elements; style *attributes* are allowed
//   (style-src-attr 'unsafe-inline'): Radix's toast region renders `style="pointer-events:none"`
//   on the server, and an attribute can restyle but never run script.
// - No form-action: social sign-in posts to our server action, which answers 303 to the
//   provider on another origin; Chromium checks form-action on that redirect too, and the
//   providers' origins are the identity service's configuration, not ours.
// - Referrer-Policy strict-origin-when-cross-origin: flow ids in our URLs never leave the
//   origin (other sites get only the origin). Not no-referrer: with it, Chromium sends
//   `Origin: null` on form posts, which Next's server actions (rightly) refuse.
// - Permissions-Policy: what a sign-in page never uses is off; WebAuthn (passkeys, security
//   keys) stays allowed for this origin. Only features Chromium knows are named: an unknown
//   one is an error in the console.

import staticHeaders from "../../static-headers.json";

export interface Header {
  readonly key: string;
  readonly value: string;
}

// The values every answer carries live in static-headers.json: next.config.ts sends them with
// Next's answers, server.mjs with the precompressed static files it serves itself
// (precompressed-static.mjs), and that plain Node file reads no TypeScript.

export const PERMISSIONS_POLICY: string = staticHeaders["Permissions-Policy"];

export const REFERRER_POLICY: string = staticHeaders["Referrer-Policy"];

/** Two years, this host and its subdomains (https://hstspreload.org's minimum is one year). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** The directives that need no nonce; on every answer, and part of every page's policy. */
const BASELINE_DIRECTIVES = staticHeaders["Content-Security-Policy"].split("; ");

export const STATIC_SECURITY_HEADERS: readonly Header[] = Object.entries(staticHeaders).map(
  ([key, value]) => ({ key, value }),
);

export interface PagePolicyOptions {
  readonly nonce: string;
  readonly https: boolean;
  /** Origins the page's scripts may send to besides its own (the error reporting service). */
  readonly connectTo?: readonly string[];
}

/** A page's Content-Security-Policy. */
export function contentSecurityPolicy(options: PagePolicyOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${nonce} 'strict-dynamic'`,
    `style-src 'self' ${nonce}`,
    "style-src-attr 'unsafe-inline'",
    // The authenticator app's QR code is a data: URL from the identity service.
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...(options.connectTo ?? [])].join(" "),
    ...BASELINE_DIRECTIVES,
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** 128 random bits, base64: a nonce an attacker cannot guess for the page it is on. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

// The security headers of the console's answers.
//
// Every answer (next.config.ts, static files too): nosniff, the referrer and permissions
// policies and a baseline CSP that needs no nonce. Every page (src/proxy.ts): the full CSP with a
// fresh nonce, which Next puts on its own scripts when it finds the policy in the request
// headers (https://nextjs.org/docs/app/guides/content-security-policy), and HSTS over https.
//
// Decisions:
// - script-src: the nonce and 'strict-dynamic'; no 'unsafe-inline', no 'unsafe-eval'.
// - form-action: this origin, the OpenID provider's and the account app's, nothing else:
//   logging out posts here and is answered with a redirect to the provider's logout, which
//   redirects to its logout screen in the account app, and Chromium checks form-action on every
//   redirect of the chain.
// - Referrer-Policy same-origin: customer ids in the console's URLs never reach another site.
//   Not no-referrer: with it, Chromium sends `Origin: null` on form posts, which the server
//   actions' origin check (rightly) refuses.
// - Permissions-Policy: the console uses no device feature at all (passkeys are used on the
//   account app's origin, where staff sign in).

export interface Header {
  readonly key: string;
  readonly value: string;
}

/** Two years, this host and its subdomains. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

const BASELINE_DIRECTIVES = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];

export const STATIC_SECURITY_HEADERS: readonly Header[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  {
    key: "Permissions-Policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), publickey-credentials-get=(), publickey-credentials-create=()",
  },
  { key: "Content-Security-Policy", value: BASELINE_DIRECTIVES.join("; ") },
];

export interface PagePolicyOptions {
  readonly nonce: string;
  readonly https: boolean;
  /**
   * Where logging out goes on to: the OpenID provider's origin and its logout screen's (the
   * account app's).
   */
  readonly logoutOrigins: readonly string[];
}

/** A page's Content-Security-Policy. */
export function contentSecurityPolicy(options: PagePolicyOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${nonce} 'strict-dynamic'`,
    `style-src 'self' ${nonce}`,
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    ["form-action 'self'", ...options.logoutOrigins].join(" "),
    ...BASELINE_DIRECTIVES,
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

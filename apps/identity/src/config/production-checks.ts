import { isIP } from "node:net";
import type { Config } from "./config.ts";
import { isUnboundedWildcard } from "./cors-origins.ts";
import { matchesEveryAddress } from "./ip-or-cidr.ts";

// What a careful operator wants refused before the service takes its first request, outside
// `dev: true`. Each finding names the setting and says what to do; all are reported at once so
// a deployment is fixed in one round.

/** Secrets sign and encrypt (CSRF, codes, tokens): 32 characters is 192 bits of base64. */
const minimumSecretLength = 32;
// Every default secret and token in schema.ts carries this marker.
const insecureMarker = "change-me";

export interface Finding {
  key: string;
  problem: string;
}

export function productionFindings(config: Config): Finding[] {
  if (config.dev) return [];
  return [
    ...secretFindings(config),
    ...urlFindings(config),
    ...databaseFindings(config),
    ...smtpFindings(config),
    ...proxyFindings(config),
    ...policyFindings(config),
    ...corsFindings(config),
  ];
}

function secretFindings(config: Config): Finding[] {
  const findings: Finding[] = [];
  const weak = (value: string): string | undefined =>
    value.includes(insecureMarker)
      ? "is the shipped default"
      : value.length < minimumSecretLength
        ? `is shorter than ${minimumSecretLength} characters`
        : undefined;
  config.secrets.default.forEach((secret, index) => {
    const problem = weak(secret);
    if (problem) findings.push({ key: `secrets.default[${index}]`, problem });
  });
  const tokenProblem = weak(config.serve.admin.token);
  if (tokenProblem) findings.push({ key: "serve.admin.token", problem: tokenProblem });
  if (config.console.enabled) {
    const consoleProblem = weak(config.console.token);
    if (consoleProblem) findings.push({ key: "console.token", problem: consoleProblem });
  }
  const { webhooks } = config;
  if (webhooks.secret !== undefined) {
    const problem = weak(webhooks.secret);
    if (problem) findings.push({ key: "webhooks.secret", problem });
  } else if (webhooks.endpoints.length > 0) {
    findings.push({
      key: "webhooks.secret",
      problem:
        "is unset while webhooks.endpoints is not empty: the shop could not tell our events from forged ones",
    });
  }
  return findings;
}

/** Every URL a browser is sent to or a password travels to: http would expose cookies and codes. */
function urlFindings(config: Config): Finding[] {
  const { selfservice } = config;
  const { flows, methods } = selfservice;
  const urls: [string, string | undefined][] = [
    ["serve.public.base_url", config.serve.public.base_url],
    ["selfservice.default_browser_return_url", selfservice.default_browser_return_url],
    ...selfservice.allowed_return_urls.map((url, i): [string, string] => [
      `selfservice.allowed_return_urls[${i}]`,
      url,
    ]),
    ["selfservice.flows.error.ui_url", flows.error.ui_url],
    ...(["login", "registration", "settings", "recovery", "verification"] as const).map(
      (flow): [string, string] => [`selfservice.flows.${flow}.ui_url`, flows[flow].ui_url],
    ),
    ...(["login", "registration", "settings", "verification", "logout"] as const).map(
      (flow): [string, string | undefined] => [
        `selfservice.flows.${flow}.after.default_browser_return_url`,
        flows[flow].after.default_browser_return_url,
      ],
    ),
    ["selfservice.flows.recovery.migration_ui_url", flows.recovery.migration_ui_url],
    ["security.not_me.ui_url", config.security.not_me.ui_url],
    ["security.email_change.undo.ui_url", config.security.email_change.undo.ui_url],
    ["security.activity.ui_url", config.security.activity.ui_url],
    ...(["webauthn", "passkey"] as const).flatMap((method) =>
      (["origins", "related_origins"] as const).flatMap((key) =>
        (methods[method].config.rp[key] ?? []).map((origin, i): [string, string] => [
          `selfservice.methods.${method}.config.rp.${key}[${i}]`,
          origin,
        ]),
      ),
    ),
    ...methods.oidc.config.providers.flatMap((provider, i) =>
      (["issuer_url", "auth_url", "token_url", "userinfo_url"] as const).map(
        (field): [string, string | undefined] => [
          `selfservice.methods.oidc.config.providers[${i}].${field}`,
          provider[field],
        ],
      ),
    ),
  ];
  const findings = urls
    .filter(([, url]) => url?.startsWith("http:"))
    .map(([key]) => ({ key, problem: "must be https outside dev mode" }));
  const hook = methods.password.config.migrate_hook;
  if (
    hook.enabled &&
    hook.config.url?.startsWith("http:") &&
    !isLoopback(new URL(hook.config.url).hostname)
  ) {
    findings.push({
      key: "selfservice.methods.password.config.migrate_hook.config.url",
      problem: "sends passwords: use https (plain http only to a loopback address)",
    });
  }
  return findings;
}

function databaseFindings(config: Config): Finding[] {
  if (config.dsn === "memory://") {
    return [{ key: "dsn", problem: "memory:// keeps nothing across restarts: use PostgreSQL" }];
  }
  if (config.instances > 1 && !/^postgres(ql)?:\/\//.test(config.dsn)) {
    return [
      {
        key: "dsn",
        problem: `instances is ${config.instances}, but only PostgreSQL (postgres://...) can be shared by several instances`,
      },
    ];
  }
  return [];
}

function smtpFindings(config: Config): Finding[] {
  let url: URL;
  try {
    url = new URL(config.courier.smtp.connection_uri);
  } catch {
    return []; // the courier names a malformed URI itself, without repeating its password
  }
  const flag = (name: string): boolean => url.searchParams.get(name) === "true";
  const unencrypted = url.protocol === "smtp:" && flag("disable_starttls");
  if ((unencrypted || flag("skip_ssl_verify")) && !isLoopback(url.hostname)) {
    return [
      {
        key: "courier.smtp.connection_uri",
        problem: `${unencrypted ? "disable_starttls" : "skip_ssl_verify"}=true to ${url.hostname}: codes would cross the network unprotected (only a loopback relay may go without TLS)`,
      },
    ];
  }
  return [];
}

function proxyFindings(config: Config): Finding[] {
  return (["public", "admin"] as const).flatMap((server) =>
    config.serve[server].trusted_proxies.filter(matchesEveryAddress).map((block) => ({
      key: `serve.${server}.trusted_proxies`,
      problem: `${block} trusts every client's X-Forwarded-For: name the proxies' addresses`,
    })),
  );
}

function policyFindings(config: Config): Finding[] {
  const minLength = config.selfservice.methods.password.config.min_password_length;
  return minLength < 8
    ? [
        {
          key: "selfservice.methods.password.config.min_password_length",
          problem: `${minLength} is below NIST 800-63B's minimum of 8`,
        },
      ]
    : [];
}

/**
 * Cross-origin calls with the customer's cookies: only from named https origins. `*` (or an
 * empty list, which Kratos reads as every origin) with allow_credentials would, on Kratos, let
 * any site act for a signed-in customer; we never echo it, but an operator who wrote it meant
 * something else. A wildcard that is not below a registrable domain never matches.
 */
function corsFindings(config: Config): Finding[] {
  const cors = config.serve.public.cors;
  if (!cors.enabled) return [];
  const findings: Finding[] = [];
  const key = "serve.public.cors.allowed_origins";
  const every = cors.allowed_origins.length === 0 || cors.allowed_origins.includes("*");
  if (every && cors.allow_credentials) {
    findings.push({
      key,
      problem:
        "admits every origin (`*` or an empty list) while allow_credentials is true: name the shop's origins",
    });
  }
  cors.allowed_origins.forEach((origin, i) => {
    if (origin.startsWith("http:"))
      findings.push({ key: `${key}[${i}]`, problem: "must be https outside dev mode" });
    else if (isUnboundedWildcard(origin))
      findings.push({
        key: `${key}[${i}]`,
        problem:
          "has a wildcard that is not below a registrable domain and never matches: write https://*.example.com",
      });
  });
  return findings;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

import { readFileSync } from "node:fs";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import type { Config } from "./config.ts";
import { durationPattern, parseDuration } from "./duration.ts";
import { configSchema } from "./schema.ts";

// The only reader of the environment. A key's environment name is its path in upper case
// joined by "_" (URLS_SELF_ISSUER, SECRETS_SYSTEM), as Hydra names them; DATABASE_URL sets dsn.
// (The same approach as the identity service's config, kept as a small copy: apps never
// import each other.)

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

interface SchemaNode {
  type?: string;
  pattern?: string;
  properties?: Record<string, SchemaNode>;
}

type Tree = Record<string, unknown>;

export interface LoadConfigOptions {
  /** Path of a YAML or JSON file. */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** Applied after the file and before the environment; tests use it. */
  overrides?: Tree;
}

export function loadConfig(options: LoadConfigOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const file = options.file ?? env.OAUTH2_CONFIG;
  const tree: Tree = file ? readTree(file) : {};
  if (options.overrides) deepMerge(tree, options.overrides);
  applyEnvironment(tree, configSchema as SchemaNode, [], env);
  if (env.DATABASE_URL) tree.dsn = env.DATABASE_URL;

  const ajv = new Ajv({ useDefaults: true, allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(configSchema);
  if (!validate(tree)) throw new ConfigError(describeErrors(validate.errors ?? []));

  convertDurations(tree, configSchema as SchemaNode);
  const config = tree as unknown as Config;
  refuseUnsafeProductionSettings(config);
  refuseInconsistentSettings(config);
  return deepFreeze(config);
}

function readTree(file: string): Tree {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new ConfigError(`cannot read config file ${file}`, { cause });
  }
  const parsed: unknown = file.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ConfigError(`config file ${file} must hold an object`);
  }
  return parsed as Tree;
}

function applyEnvironment(
  tree: Tree,
  node: SchemaNode,
  path: string[],
  env: NodeJS.ProcessEnv,
): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const childPath = [...path, key];
    if (child.type === "object" && child.properties) {
      tree[key] ??= {};
      const sub = tree[key] as Tree;
      applyEnvironment(sub, child, childPath, env);
      if (Object.keys(sub).length === 0) delete tree[key];
      continue;
    }
    const raw = env[childPath.join("_").toUpperCase()];
    if (raw === undefined) continue;
    tree[key] = child.type === "string" ? raw : parseEnvValue(raw);
  }
}

function parseEnvValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function describeErrors(errors: ErrorObject[]): string {
  const lines = errors.map((e) => {
    const key = e.instancePath.slice(1).replaceAll("/", ".") || "(root)";
    const extra =
      e.keyword === "additionalProperties" ? ` (${String(e.params.additionalProperty)})` : "";
    return `  ${key}: ${e.message ?? "is invalid"}${extra}`;
  });
  return `invalid configuration:\n${[...new Set(lines)].join("\n")}`;
}

function convertDurations(tree: Tree, node: SchemaNode): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const value = tree[key];
    if (child.pattern === durationPattern && typeof value === "string") {
      tree[key] = parseDuration(value);
    } else if (child.properties && value && typeof value === "object") {
      convertDurations(value as Tree, child);
    }
  }
}

// Secrets that ship with the code, in the defaults and the local profile, carry one of these.
const insecureMarkers = ["change-me", "not-secret"];
const isInsecure = (value: string): boolean => insecureMarkers.some((m) => value.includes(m));

/**
 * Outside `dev: true` the provider refuses the secrets that ship with the code, and any public
 * URL that is not https: its cookies and codes must never travel in clear.
 */
function refuseUnsafeProductionSettings(config: Config): void {
  if (config.dev) return;
  const offenders = [
    config.secrets.system.some(isInsecure) ? "secrets.system" : "",
    config.secrets.cookie.some(isInsecure) ? "secrets.cookie" : "",
    isInsecure(config.serve.admin.token) ? "serve.admin.token" : "",
    ...config.clients
      .filter((c) => c.client_secret !== undefined && isInsecure(c.client_secret))
      .map((c) => `clients[${c.client_id}].client_secret`),
  ].filter(Boolean);
  if (offenders.length > 0) {
    throw new ConfigError(
      `refusing to start in production mode with default secrets: set ${offenders.join(", ")} or dev: true`,
    );
  }
  const { self, ...ui } = config.urls;
  const plain = Object.entries({ "self.issuer": self.issuer, ...ui })
    .filter(([, value]) => typeof value === "string" && !value.startsWith("https://"))
    .map(([key]) => `urls.${key}`);
  if (plain.length > 0) {
    throw new ConfigError(
      `refusing to start in production mode with http URLs: ${plain.join(", ")} must use https (or dev: true)`,
    );
  }
}

function refuseInconsistentSettings(config: Config): void {
  const problems: string[] = [];
  const issuer = new URL(config.urls.self.issuer);
  if (issuer.search || issuer.hash || config.urls.self.issuer.includes("?")) {
    problems.push("urls.self.issuer: must not have a query or fragment");
  }
  const { keys, ttl } = config;
  if (keys.reload_interval < 1000) problems.push("keys.reload_interval: must be at least 1s");
  // Another instance learns of a new key only at its next reload; a key that signed before
  // every instance published it would fail verification at relying parties.
  if (keys.publish_ahead > 0 && keys.publish_ahead < keys.reload_interval) {
    problems.push("keys.publish_ahead: must be 0s (one instance) or at least keys.reload_interval");
  }
  if (keys.keep_retired_for < ttl.id_token) {
    problems.push("keys.keep_retired_for: must be at least ttl.id_token");
  }
  if (keys.rotate_every > 0 && keys.rotate_every <= keys.publish_ahead) {
    problems.push("keys.rotate_every: must be longer than keys.publish_ahead (or 0s: never)");
  }
  for (const client of config.clients) {
    const isPublic = client.token_endpoint_auth_method === "none";
    if (isPublic && client.client_secret !== undefined) {
      problems.push(
        `clients[${client.client_id}]: a public client (token_endpoint_auth_method: none) has no client_secret`,
      );
    }
    if (!isPublic && client.client_secret === undefined) {
      problems.push(
        `clients[${client.client_id}]: client_secret is required (or token_endpoint_auth_method: none)`,
      );
    }
  }
  const ids = config.clients.map((c) => c.client_id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) problems.push(`clients: the client_id "${duplicate}" appears twice`);
  if (problems.length > 0) {
    throw new ConfigError(`invalid configuration:\n  ${problems.join("\n  ")}`);
  }
}

function deepMerge(target: Tree, source: Tree): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isTree(value) && isTree(current)) deepMerge(current, value);
    else target[key] = value;
  }
}

function isTree(value: unknown): value is Tree {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

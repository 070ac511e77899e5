import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import type { Config } from "./config.ts";
import { durationPattern, parseDuration } from "./duration.ts";
import { isIpOrCidr } from "./ip-or-cidr.ts";
import { productionFindings } from "./production-checks.ts";
import { configSchema } from "./schema.ts";

// The only reader of the environment. A key's environment name is its path in upper case
// joined by "_" (SELFSERVICE_FLOWS_LOGIN_UI_URL), as Kratos names them; DATABASE_URL sets dsn.
// Values are JSON where they parse as JSON; a list of strings may also be comma-separated
// (SERVE_PUBLIC_TRUSTED_PROXIES=10.0.0.5,10.0.0.6).

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

interface SchemaNode {
  type?: string;
  pattern?: string;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
}

type Tree = Record<string, unknown>;

export interface LoadConfigOptions {
  /** Path of a YAML or JSON file; relative file:// schema URLs resolve against its folder. */
  file?: string;
  env?: NodeJS.ProcessEnv;
  /** Applied after the file and before the environment; tests use it. */
  overrides?: Tree;
}

export function loadConfig(options: LoadConfigOptions = {}): Readonly<Config> {
  const env = options.env ?? process.env;
  const file = options.file ?? env.IDENTITY_CONFIG;
  const tree: Tree = file ? readTree(file) : {};
  if (options.overrides) deepMerge(tree, options.overrides);
  applyEnvironment(tree, configSchema as SchemaNode, [], env);
  if (env.DATABASE_URL) tree.dsn = env.DATABASE_URL;

  const ajv = new Ajv({ useDefaults: true, allErrors: true, strict: false, verbose: true });
  addFormats.default(ajv);
  ajv.addFormat("ip-or-cidr", isIpOrCidr);
  const validate = ajv.compile(configSchema);
  if (!validate(tree)) throw new ConfigError(describeErrors(validate.errors ?? []));

  convertDurations(tree, configSchema as SchemaNode);
  resolveSchemaUrls(tree, file ? dirname(resolve(file)) : process.cwd());
  const config = tree as unknown as Config;
  refuseInsecureProduction(config);
  refuseDuplicateProviderIds(config);
  refuseUnknownTimeZone(config);
  refuseSharedConsoleToken(config);
  refuseBusyCleanup(config);
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
    tree[key] = child.type === "string" ? raw : parseEnvValue(raw, child);
  }
}

function parseEnvValue(raw: string, node: SchemaNode): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    if (node.type === "array" && node.items?.type === "string") {
      return raw
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
    }
    return raw;
  }
}

function describeErrors(errors: ErrorObject[]): string {
  const lines = errors.map((e) => {
    const key = e.instancePath.slice(1).replaceAll("/", ".") || "(root)";
    const extra =
      e.keyword === "additionalProperties"
        ? ` (${String(e.params.additionalProperty)})`
        : e.keyword === "enum"
          ? `: ${(e.params.allowedValues as unknown[]).map(String).join(", ")}`
          : "";
    // Ajv would print the duration's regular expression; say what it asks for instead.
    const message =
      e.keyword === "pattern" && e.params.pattern === durationPattern
        ? `must be a duration like 30s, 15m or 1h (not negative), not ${JSON.stringify(e.data)}`
        : e.message;
    return `  ${key}: ${message ?? "is invalid"}${extra}`;
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
    } else if (isSchemaNode(child.additionalProperties) && value && typeof value === "object") {
      // A map of objects (tokenizer templates): each entry has durations of its own.
      for (const entry of Object.values(value as Tree))
        if (entry && typeof entry === "object")
          convertDurations(entry as Tree, child.additionalProperties);
    }
  }
}

function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && "properties" in value;
}

function resolveSchemaUrls(tree: Tree, base: string): void {
  const identity = tree.identity as { schemas: { url: string }[] };
  for (const schema of identity.schemas) {
    if (schema.url.startsWith("file://")) {
      schema.url = `file://${resolve(base, schema.url.slice("file://".length))}`;
    }
  }
  const session = tree.session as { whoami: { tokenizer: { templates: Tree } } };
  for (const template of Object.values(session.whoami.tokenizer.templates)) {
    const jwks = template as { jwks_url: string };
    if (jwks.jwks_url.startsWith("file://"))
      jwks.jwks_url = `file://${resolve(base, jwks.jwks_url.slice("file://".length))}`;
  }
}

/** Outside `dev: true`, an insecure setting stops the start (production-checks.ts). */
function refuseInsecureProduction(config: Config): void {
  const findings = productionFindings(config);
  if (findings.length === 0) return;
  const lines = findings.map(({ key, problem }) => `  ${key}: ${problem}`);
  throw new ConfigError(
    `refusing to start with an insecure production configuration (dev: true is for local development only):\n${lines.join("\n")}`,
  );
}

/** Provider ids name callback URLs and credentials, so each may appear once. */
function refuseDuplicateProviderIds(config: Config): void {
  const ids = config.selfservice.methods.oidc.config.providers.map((p) => p.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) {
    throw new ConfigError(
      `invalid configuration:\n  selfservice.methods.oidc.config.providers: the id "${duplicate}" appears twice`,
    );
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

/** The notices' time zone must be one the runtime knows, or every notice would fail to render. */
function refuseUnknownTimeZone(config: Config): void {
  const zone = config.security.notices.time_zone;
  try {
    new Intl.DateTimeFormat("de-DE", { timeZone: zone });
  } catch {
    throw new ConfigError(
      `invalid configuration:\n  security.notices.time_zone: "${zone}" is not a known time zone`,
    );
  }
}

/**
 * The console's token opens the console's routes only, and the admin token everything else but
 * them (docs/console.md#access): one value for both would undo that, in dev mode too.
 */
function refuseSharedConsoleToken(config: Config): void {
  if (config.console.enabled && config.console.token === config.serve.admin.token) {
    throw new ConfigError(
      "invalid configuration:\n  console.token: is the same as serve.admin.token; give the console a token of its own",
    );
  }
}

/** A sweep every instant would keep the database busy for nothing (docs/production.md#pruning-expired-rows). */
function refuseBusyCleanup(config: Config): void {
  if (config.cleanup.interval < 1_000) {
    throw new ConfigError(
      `invalid configuration:\n  cleanup.interval: must be at least 1s, not ${config.cleanup.interval}ms`,
    );
  }
}

// Reads a config JSON Schema into the rows of its reference: one row per key a file or the
// environment can set (the leaves the loader's environment walk stops at), and one table per
// kind of list entry or map value that has a `title` (a social sign-in provider, a client).

export interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  anyOf?: SchemaNode[];
  required?: string[];
  allOf?: { if?: SchemaNode; then?: SchemaNode }[];
}

export interface Row {
  /** Dotted path from the root (or from the entry, in an entry table). */
  key: string;
  /** The environment variable, as load-config.ts derives it; entries have none. */
  env?: string;
  type: string;
  default: string;
  description: string;
}

export interface EntryTable {
  title: string;
  /** The key whose list entries or map values the table describes. */
  of: string;
  rows: Row[];
}

export interface Reference {
  rows: Row[];
  entries: EntryTable[];
  /** Keys without a description: the reference refuses to be written until each has one. */
  undescribed: string[];
}

export interface ReadOptions {
  /** The schema's pattern for durations ("30s", "15m", "720h"), shown as the type `duration`. */
  durationPattern: string;
}

export function readSchema(schema: SchemaNode, options: ReadOptions): Reference {
  const reference: Reference = { rows: [], entries: [], undescribed: [] };
  walk(schema, [], { out: reference, options, rows: reference.rows, entryOf: undefined });
  return reference;
}

interface Walk {
  out: Reference;
  options: ReadOptions;
  rows: Row[];
  /** Inside an entry table: the key whose entries these are (entries have no environment). */
  entryOf: string | undefined;
}

function walk(node: SchemaNode, path: string[], context: Walk): void {
  const { out, options, rows, entryOf } = context;
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const childPath = [...path, key];
    // The loader descends into objects with properties and reads every other key whole.
    if (child.type === "object" && child.properties) {
      walk(child, childPath, context);
      continue;
    }
    const name = childPath.join(".");
    if (!child.description) out.undescribed.push(entryOf ? `${entryOf}[].${name}` : name);
    rows.push({
      key: name,
      ...(entryOf ? {} : { env: childPath.join("_").toUpperCase() }),
      type: typeOf(child, options),
      default: defaultOf(child, node, key),
      description: child.description ?? "",
    });
    const entry = entrySchema(child);
    if (entry?.title) {
      const of = entryOf ? `${entryOf}[].${name}` : name;
      const table: EntryTable = { title: entry.title, of, rows: [] };
      out.entries.push(table);
      walk(entry, [], { out, options, rows: table.rows, entryOf: of });
      for (const row of table.rows) row.default = entryDefault(entry, row.key, row.default);
    }
  }
}

/** The schema of a list's entries or a map's values, when they are objects with keys. */
function entrySchema(node: SchemaNode): SchemaNode | undefined {
  const inner =
    node.type === "array"
      ? node.items
      : typeof node.additionalProperties === "object"
        ? node.additionalProperties
        : undefined;
  return inner?.properties ? inner : undefined;
}

export function typeOf(node: SchemaNode, options: ReadOptions): string {
  if (node.const !== undefined) return json(node.const);
  if (node.enum) return node.enum.map(json).join(" | ");
  if (node.anyOf) return node.anyOf.map((n) => typeOf(n, options)).join(" or ");
  if (node.type === "string") {
    if (node.pattern === options.durationPattern) return "duration";
    if (node.format === "uri") return "URL";
    if (node.format === "email") return "email address";
    return node.minLength && node.minLength > 1
      ? `string (at least ${node.minLength} characters)`
      : "string";
  }
  if (node.type === "integer" || node.type === "number") return bounded(node);
  if (node.type === "array") {
    const items = node.items;
    if (!items) return "list";
    if (items.title) return `list of ${items.title.toLowerCase()}`;
    if (items.properties) {
      const keys = Object.entries(items.properties).map(([k, v]) => `${k}: ${typeOf(v, options)}`);
      return `list of {${keys.join(", ")}}`;
    }
    return `list of ${typeOf(items, options)}`;
  }
  if (node.type === "object") {
    const values = node.additionalProperties;
    if (typeof values === "object") {
      const what = values.title ? values.title.toLowerCase() : typeOf(values, options);
      return `map of name to ${what}`;
    }
    return "object";
  }
  return node.type ?? "any";
}

function bounded(node: SchemaNode): string {
  // "number" for a share or a factor (0.5, 1.5), "integer" for a count or a port.
  const kind = node.type === "number" ? "number" : "integer";
  const { minimum, exclusiveMinimum, maximum } = node;
  const from =
    minimum !== undefined
      ? `${minimum}`
      : exclusiveMinimum !== undefined
        ? `above ${exclusiveMinimum}`
        : undefined;
  if (from !== undefined && maximum !== undefined) return `${kind}, ${from} to ${maximum}`;
  if (minimum !== undefined) return `${kind}, at least ${minimum}`;
  if (from !== undefined) return `${kind}, ${from}`;
  if (maximum !== undefined) return `${kind}, at most ${maximum}`;
  return kind;
}

function defaultOf(node: SchemaNode, parent: SchemaNode, key: string): string {
  if (node.default !== undefined) return `\`${json(node.default)}\``;
  return parent.required?.includes(key) ? "(required)" : "(unset)";
}

/** An entry's defaults and requirements that depend on a discriminator (`provider: apple`). */
function entryDefault(entry: SchemaNode, key: string, base: string): string {
  const parts: string[] = [];
  for (const rule of entry.allOf ?? []) {
    const match = Object.entries(rule.if?.properties ?? {}).find(([, n]) => n.const !== undefined);
    if (!match) continue;
    const label = `${match[0]} ${String(match[1].const)}`;
    const value = rule.then?.properties?.[key]?.default;
    if (value !== undefined) parts.push(`${label}: \`${json(value)}\``);
    else if (rule.then?.required?.includes(key)) parts.push(`${label}: required`);
  }
  if (parts.length === 0) return base;
  return base === "(unset)" ? parts.join("; ") : `${base}; ${parts.join("; ")}`;
}

/** JSON with a space after each comma and colon, as the docs write it. */
function json(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(json).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${json(v)}`);
    return `{${entries.join(", ")}}`;
  }
  return JSON.stringify(value);
}

import { isDeepStrictEqual } from "node:util";

// JSON Patch (RFC 6902) over JSON Pointers (RFC 6901): add, remove, replace, move, copy, test
// (the identity service's implementation, copied: apps never import each other).
// The document is copied first, so a failing operation leaves the original untouched (the
// patch is atomic, RFC 6902 §5). Keys that could reach Object.prototype are refused.

export class JsonPatchError extends Error {
  override readonly name = "JsonPatchError";
}

export interface JsonPatchOperation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  from?: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

const ops = new Set(["add", "remove", "replace", "move", "copy", "test"]);
const forbidden = new Set(["__proto__", "constructor", "prototype"]);

/** Checks the shape of a patch document; throws JsonPatchError naming the bad operation. */
export function parseJsonPatch(body: unknown): JsonPatchOperation[] {
  if (!Array.isArray(body))
    throw new JsonPatchError("a JSON Patch document must be an array of operations");
  return body.map((raw, index) => {
    const op = raw as Partial<JsonPatchOperation> | null;
    if (
      !op ||
      typeof op !== "object" ||
      typeof op.op !== "string" ||
      !ops.has(op.op) ||
      typeof op.path !== "string"
    ) {
      throw new JsonPatchError(
        `operation ${index} needs an "op" (add, remove, replace, move, copy, test) and a "path"`,
      );
    }
    if ((op.op === "move" || op.op === "copy") && typeof op.from !== "string") {
      throw new JsonPatchError(`operation ${index} (${op.op}) needs a "from"`);
    }
    if ((op.op === "add" || op.op === "replace" || op.op === "test") && !("value" in op)) {
      throw new JsonPatchError(`operation ${index} (${op.op}) needs a "value"`);
    }
    return op as JsonPatchOperation;
  });
}

export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/"))
    throw new JsonPatchError(`"${pointer.slice(0, 64)}" is not a JSON Pointer`);
  const tokens = pointer
    .slice(1)
    .split("/")
    .map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (tokens.some((t) => forbidden.has(t)))
    throw new JsonPatchError(`"${pointer.slice(0, 64)}" is not allowed`);
  return tokens;
}

export function applyJsonPatch<T>(document: T, patch: JsonPatchOperation[]): T {
  let root: unknown = structuredClone(document);
  for (const operation of patch) root = applyOperation(root, operation);
  return root as T;
}

function applyOperation(root: unknown, operation: JsonPatchOperation): unknown {
  const path = pointerTokens(operation.path);
  switch (operation.op) {
    case "add":
      return add(root, path, structuredClone(operation.value));
    case "remove":
      return remove(root, path).root;
    case "replace":
      return add(remove(root, path).root, path, structuredClone(operation.value));
    case "move": {
      const from = pointerTokens(operation.from!);
      if (path.length > from.length && from.every((t, i) => t === path[i])) {
        throw new JsonPatchError("a value cannot be moved into one of its own children");
      }
      const removed = remove(root, from);
      return add(removed.root, path, removed.value);
    }
    case "copy":
      return add(root, path, structuredClone(get(root, pointerTokens(operation.from!))));
    case "test":
      if (!isDeepStrictEqual(get(root, path), operation.value))
        throw new JsonPatchError(`test failed at "${operation.path}"`);
      return root;
  }
}

function get(root: unknown, path: string[]): unknown {
  let cursor = root;
  for (const token of path) {
    const container = asContainer(cursor, token);
    const key = Array.isArray(container) ? arrayIndex(container, token, false) : token;
    if (!Object.hasOwn(container, key)) throw new JsonPatchError(`nothing at "/${path.join("/")}"`);
    cursor = (container as Record<string | number, unknown>)[key];
  }
  return cursor;
}

function add(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = asContainer(get(root, path.slice(0, -1)), path.at(-1)!);
  const token = path.at(-1)!;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, token, true), 0, value);
  else parent[token] = value;
  return root;
}

function remove(root: unknown, path: string[]): { root: unknown; value: unknown } {
  if (path.length === 0) throw new JsonPatchError("the whole document cannot be removed");
  const value = get(root, path);
  const parent = get(root, path.slice(0, -1)) as Container;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, path.at(-1)!, false), 1);
  else delete parent[path.at(-1)!];
  return { root, value };
}

function asContainer(value: unknown, token: string): Container {
  if (value === null || typeof value !== "object")
    throw new JsonPatchError(`cannot address "${token}" inside a non-container`);
  return value as Container;
}

function arrayIndex(array: unknown[], token: string, forInsert: boolean): number {
  if (forInsert && token === "-") return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token))
    throw new JsonPatchError(`"${token}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!forInsert && index === array.length))
    throw new JsonPatchError(`index ${index} is out of range`);
  return index;
}

import { errors } from "./errors.ts";

// Kratos accepts JSON, urlencoded and multipart bodies; JSON may use flat dotted keys as the
// reference UI posts Object.fromEntries(FormData): {"traits.email": x} = {traits: {email: x}}.

export type Body = Record<string, unknown>;

const forbiddenKeys = new Set(["__proto__", "constructor", "prototype"]);

export function normaliseBody(raw: unknown): Body {
  if (raw === undefined || raw === null || raw === "") return {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw errors.badRequest("The request body must be a JSON object or a form.");
  }
  const body: Body = {};
  for (const [key, value] of Object.entries(raw)) {
    const path = key.split(".");
    if (path.some((p) => p === "" || forbiddenKeys.has(p))) {
      throw errors.badRequest(`The body field "${key.slice(0, 64)}" is not allowed.`);
    }
    setPath(
      body,
      path,
      Array.isArray(value) && typeof value[0] !== "object" ? value.at(-1) : value,
    );
  }
  return body;
}

function setPath(target: Body, path: string[], value: unknown): void {
  let cursor = target;
  for (const segment of path.slice(0, -1)) {
    const next = cursor[segment];
    if (next === null || typeof next !== "object" || Array.isArray(next)) cursor[segment] = {};
    cursor = cursor[segment] as Body;
  }
  const last = path.at(-1)!;
  const existing = cursor[last];
  if (isPlainObject(existing) && isPlainObject(value)) Object.assign(existing, value);
  else cursor[last] = value;
}

export function isPlainObject(value: unknown): value is Body {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A field a submit did not send: missing, or `null` (which JSON clients send for an empty one). */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/** Whether the body carries `name` as text that is not empty (a named submit of a form). */
export function hasText(body: Body, name: string): boolean {
  const value = body[name];
  return typeof value === "string" && value !== "";
}

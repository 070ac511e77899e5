import { readFile } from "node:fs/promises";
import { importJWK, type JWK, SignJWT } from "jose";
import type { TokenizeTemplateConfig } from "../config/config.ts";
import type { Deps } from "../http/deps.ts";
import { errors } from "../http/errors.ts";

// `GET /sessions/whoami?tokenize_as=<template>` (Kratos's session tokenizer): the session as a
// signed JWT for the shop's other services. Claims as Kratos sets them (jti, iss, exp, sid,
// nbf, iat, sub = identity id), plus the template's `claims`: where Kratos runs a Jsonnet
// mapper, we take a declarative map from claim name to a dotted path into the session JSON
// (`identity.traits.email`), so no code runs from configuration. The signing key is the first
// key of the template's JWKS (`jwks_url`: `base64://` or `file://`), which must name its `alg`.

const keySets = new Map<string, Promise<JWK[]>>();

async function loadKeys(url: string): Promise<JWK[]> {
  const raw = url.startsWith("base64://")
    ? Buffer.from(url.slice("base64://".length), "base64").toString("utf8")
    : await readFile(url.slice("file://".length), "utf8");
  const parsed = JSON.parse(raw) as { keys?: JWK[] };
  return parsed.keys ?? [];
}

function keysOf(url: string): Promise<JWK[]> {
  let keys = keySets.get(url);
  if (!keys) {
    keys = loadKeys(url);
    keySets.set(url, keys);
    // A broken key file is retried on the next request instead of being cached.
    keys.catch(() => keySets.delete(url));
  }
  return keys;
}

function valueAt(source: unknown, path: string): unknown {
  let cursor = source;
  for (const key of path.split(".")) {
    if (cursor === null || typeof cursor !== "object") return undefined;
    cursor = Object.hasOwn(cursor, key) ? (cursor as Record<string, unknown>)[key] : undefined;
  }
  return cursor;
}

export function tokenizeTemplate(deps: Deps, name: string): TokenizeTemplateConfig {
  const templates = deps.config.session.whoami.tokenizer.templates;
  const template = Object.hasOwn(templates, name) ? templates[name] : undefined;
  if (!template) throw errors.badRequest(`Unable to find tokenizer template "${name}".`);
  return template;
}

/** Signs the session (its public JSON) as a JWT following the template. */
export async function tokenizeSession(
  deps: Deps,
  template: TokenizeTemplateConfig,
  session: Record<string, unknown> & { id: string; identity: { id: string } },
): Promise<string> {
  const [key] = await keysOf(template.jwks_url);
  if (!key)
    throw errors.badRequest("Could not find a suitable key for tokenization in the JWKS url.");
  if (!key.alg)
    throw errors.badRequest(
      'The JSON Web Key must include a valid "alg" parameter but "" was given.',
    );
  const now = Math.floor(deps.now().getTime() / 1000);
  const mapped: Record<string, unknown> = {};
  for (const [claim, path] of Object.entries(template.claims)) {
    const value = valueAt(session, path);
    if (value !== undefined) mapped[claim] = value;
  }
  return new SignJWT({
    ...mapped,
    jti: crypto.randomUUID(),
    iss: deps.config.serve.public.base_url,
    sid: session.id,
    sub: session.identity.id,
    iat: now,
    nbf: now,
    exp: now + Math.floor(template.ttl / 1000),
  })
    .setProtectedHeader({ alg: key.alg, typ: "JWT", ...(key.kid ? { kid: key.kid } : {}) })
    .sign(await importJWK(key, key.alg));
}

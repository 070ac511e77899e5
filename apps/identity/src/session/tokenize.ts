import { readFile } from "node:fs/promises";
import { type CryptoKey, importJWK, type JWK, type KeyObject, SignJWT } from "jose";
import type { TokenizeTemplateConfig } from "../config/config.ts";
import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";

// `GET /sessions/whoami?tokenize_as=<template>` (Kratos's session tokenizer): the session as a
// signed JWT for the shop's other services. Claims as Kratos sets them (jti, iss, exp, sid,
// nbf, iat, sub = identity id), plus the template's `claims`: where Kratos runs a Jsonnet
// mapper, we take a declarative map from claim name to a dotted path into the session JSON
// (`identity.traits.email`), so no code runs from configuration. The signing key is the first
// key of the template's JWKS (`jwks_url`: `base64://` or `file://`), which must name its `alg`.

/** A template's signing key: the JWKS's first key, imported once (whoami is the hot path). */
interface SigningKey {
  jwk: JWK | undefined;
  key?: CryptoKey | KeyObject | Uint8Array;
}

const signingKeys = new Map<string, Promise<SigningKey>>();

async function loadSigningKey(url: string): Promise<SigningKey> {
  const raw = url.startsWith("base64://")
    ? Buffer.from(url.slice("base64://".length), "base64").toString("utf8")
    : await readFile(url.slice("file://".length), "utf8");
  const parsed = JSON.parse(raw) as { keys?: JWK[] };
  const jwk = parsed.keys?.[0];
  return jwk?.alg ? { jwk, key: await importJWK(jwk, jwk.alg) } : { jwk };
}

function signingKeyOf(url: string): Promise<SigningKey> {
  let key = signingKeys.get(url);
  if (!key) {
    key = loadSigningKey(url);
    signingKeys.set(url, key);
    // A broken key file is retried on the next request instead of being cached.
    key.catch(() => signingKeys.delete(url));
  }
  return key;
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
  const { jwk, key } = await signingKeyOf(template.jwks_url);
  if (!jwk)
    throw errors.badRequest("Could not find a suitable key for tokenization in the JWKS url.");
  if (!jwk.alg || !key)
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
    .setProtectedHeader({ alg: jwk.alg, typ: "JWT", ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .sign(key);
}

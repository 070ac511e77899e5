import type { Deps } from "../deps/deps.ts";
import { isSupportedPasswordHash } from "../hash/index.ts";
import { errors } from "../http/errors.ts";
import {
  type Identity,
  normaliseIdentifier,
  type RecoveryAddress,
  type VerifiableAddress,
} from "../identity/identity.ts";
import type { IdentitySchema } from "../identity/identity-schema.ts";
import { applyTraits } from "../identity/traits.ts";

// Turns admin API bodies (createIdentityBody, updateIdentityBody) into identities. Traits are
// validated against the schema like self-service input; imported addresses keep their verified
// state only where the schema derives the same address from the traits (as in Kratos).

type Json = Record<string, unknown>;

const createKeys = new Set([
  "schema_id",
  "traits",
  "credentials",
  "verifiable_addresses",
  "recovery_addresses",
  "metadata_public",
  "metadata_admin",
  "state",
  "external_id",
  "organization_id",
  "region",
]);

export function asObject(value: unknown, what: string): Json {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw errors.badRequest(`${what} must be a JSON object.`);
  return value as Json;
}

export function schemaFor(deps: Deps, schemaId: unknown): IdentitySchema {
  if (schemaId === undefined || schemaId === null || schemaId === "") return deps.defaultSchema;
  const schema = typeof schemaId === "string" ? deps.schemas.get(schemaId) : undefined;
  if (!schema)
    throw errors.badRequest(
      `The identity schema "${String(schemaId).slice(0, 64)}" does not exist.`,
    );
  return schema;
}

export function parseState(value: unknown, fallback: Identity["state"]): Identity["state"] {
  if (value === undefined || value === null || value === "") return fallback;
  if (value === "active" || value === "inactive") return value;
  throw errors.badRequest(
    `The supplied state ('${String(value).slice(0, 32)}') was not valid. Valid states are ('active', 'inactive').`,
  );
}

export function parseMetadata(value: unknown, field: string): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  return asObject(value, field);
}

/** Validates traits and sets them, with the identifiers and addresses they imply. */
export function setTraits(
  identity: Identity,
  traits: unknown,
  schema: IdentitySchema,
  now: Date,
): void {
  const result = schema.validate(traits);
  if (result.errors.length > 0) {
    const reason = result.errors.map((e) => `${e.field ?? "traits"}: ${e.message.text}`).join("; ");
    throw errors.badRequest(`The traits are invalid: ${reason}`.slice(0, 1000));
  }
  identity.schema_id = schema.id;
  applyTraits(identity, result.traits, schema, now);
}

export async function identityFromCreateBody(deps: Deps, raw: unknown): Promise<Identity> {
  const body = asObject(raw, "The request body");
  const unknown = Object.keys(body).filter((key) => !createKeys.has(key));
  if (unknown.length > 0)
    throw errors.badRequest(`Unknown field "${unknown[0]!.slice(0, 64)}" in the request body.`);
  const now = deps.now();
  const identity: Identity = {
    id: crypto.randomUUID(),
    schema_id: deps.defaultSchema.id,
    state: parseState(body.state, "active"),
    state_changed_at: now,
    traits: {},
    metadata_public: parseMetadata(body.metadata_public, "metadata_public"),
    metadata_admin: parseMetadata(body.metadata_admin, "metadata_admin"),
    external_id: parseExternalId(body.external_id),
    verifiable_addresses: importedVerifiable(body.verifiable_addresses, now),
    recovery_addresses: importedRecovery(body.recovery_addresses, now),
    credentials: [],
    created_at: now,
    updated_at: now,
  };
  await importCredentials(deps, identity, body.credentials);
  setTraits(identity, body.traits, schemaFor(deps, body.schema_id), now);
  return identity;
}

export function parseExternalId(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string" || value.length > 255)
    throw errors.badRequest("external_id must be a string of at most 255 characters.");
  return value;
}

/**
 * credentials.password.config: `hashed_password` (an imported hash, verified as it is and
 * replaced by argon2id at the next sign-in), `password` (hashed here) or
 * `use_password_migration_hook` (no hash yet: the first sign-in asks the old system). Replaces the identity's
 * password credential; its identifiers follow from the traits.
 */
export async function importCredentials(
  deps: Deps,
  identity: Identity,
  raw: unknown,
): Promise<void> {
  if (raw === undefined || raw === null) return;
  const credentials = asObject(raw, "credentials");
  if (credentials.password === undefined || credentials.password === null) return;
  const config = asObject(
    asObject(credentials.password, "credentials.password").config ?? {},
    "credentials.password.config",
  );
  const { hashed_password: hashed, password, use_password_migration_hook: useHook } = config;
  let stored: Record<string, unknown>;
  if (typeof hashed === "string" && hashed) {
    if (!isSupportedPasswordHash(hashed)) {
      throw errors.badRequest(
        "The imported password does not match any known hash format. Accepted are bcrypt " +
          "($2a$, $2b$, $2y$), argon2 ($argon2id$, $argon2i$), pbkdf2 ($pbkdf2-sha256$), " +
          "phpass ($P$, $H$), salted md5/sha ($md5$, $sha1$pf=, $sha256$pf=, $sha512$pf=) " +
          "and {SSHA}, {SSHA256}, {SSHA512}.",
      );
    }
    stored = { hashed_password: hashed };
  } else if (typeof password === "string" && password) {
    stored = { hashed_password: await deps.hasher.hash(password) };
  } else if (useHook === true) {
    // Kratos's password migration hook: the first sign-in asks the old system (login.ts).
    stored = { use_password_migration_hook: true };
  } else {
    throw errors.badRequest(
      "credentials.password.config needs a password, a hashed_password or use_password_migration_hook.",
    );
  }
  const now = deps.now();
  const existing = identity.credentials.find((c) => c.type === "password");
  identity.credentials = [
    ...identity.credentials.filter((c) => c.type !== "password"),
    {
      id: existing?.id ?? crypto.randomUUID(),
      type: "password",
      identifiers: existing?.identifiers ?? [],
      config: stored,
      version: 0,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    },
  ];
}

function importedVerifiable(raw: unknown, now: Date): VerifiableAddress[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw errors.badRequest("verifiable_addresses must be an array.");
  return raw.map((entry): VerifiableAddress => {
    const a = asObject(entry, "A verifiable address");
    if (typeof a.value !== "string") throw errors.badRequest("A verifiable address needs a value.");
    const verified = a.verified === true;
    const status =
      a.status === "sent" || a.status === "completed"
        ? a.status
        : verified
          ? "completed"
          : "pending";
    const verifiedAt =
      typeof a.verified_at === "string" && !Number.isNaN(Date.parse(a.verified_at))
        ? new Date(a.verified_at)
        : now;
    return {
      id: crypto.randomUUID(),
      value: normaliseIdentifier(a.value),
      verified,
      via: "email",
      status,
      verified_at: verified ? verifiedAt : undefined,
      created_at: now,
      updated_at: now,
    };
  });
}

function importedRecovery(raw: unknown, now: Date): RecoveryAddress[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw errors.badRequest("recovery_addresses must be an array.");
  return raw.map((entry): RecoveryAddress => {
    const a = asObject(entry, "A recovery address");
    if (typeof a.value !== "string") throw errors.badRequest("A recovery address needs a value.");
    return {
      id: crypto.randomUUID(),
      value: normaliseIdentifier(a.value),
      via: "email",
      created_at: now,
      updated_at: now,
    };
  });
}

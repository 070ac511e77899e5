import type { Identity, RecoveryAddress, VerifiableAddress } from "./identity.ts";
import { normaliseIdentifier } from "./identity.ts";
import type { IdentitySchema, TraitField } from "./identity-schema.ts";

// What the schema's `ory.sh/kratos` extension derives from traits (docs/protocol.md#identity-schema): the
// password identifiers, the verifiable and the recovery addresses. Addresses whose value stays
// keep their record (and so their verified state); a new value starts unverified.

/** The identity's schema; an id no longer configured falls back to the default one. */
export function schemaOf(
  deps: { schemas: ReadonlyMap<string, IdentitySchema>; defaultSchema: IdentitySchema },
  schemaId: string,
): IdentitySchema {
  return deps.schemas.get(schemaId) ?? deps.defaultSchema;
}

export function traitValue(traits: Record<string, unknown>, path: string[]): unknown {
  let cursor: unknown = traits;
  for (const key of path) {
    if (cursor === null || typeof cursor !== "object" || Array.isArray(cursor)) return undefined;
    cursor = Object.hasOwn(cursor, key) ? (cursor as Record<string, unknown>)[key] : undefined;
  }
  return cursor;
}

function setTraitValue(traits: Record<string, unknown>, path: string[], value: unknown): void {
  const parent = path.length > 1 ? traitValue(traits, path.slice(0, -1)) : traits;
  if (parent !== null && typeof parent === "object" && !Array.isArray(parent)) {
    (parent as Record<string, unknown>)[path.at(-1)!] = value;
  }
}

function valuesOf(traits: Record<string, unknown>, fields: TraitField[]): string[] {
  const values = fields
    .map((field) => traitValue(traits, field.path))
    .filter((value): value is string => typeof value === "string" && value.trim() !== "")
    .map(normaliseIdentifier);
  return [...new Set(values)];
}

/**
 * Sets the (already validated) traits and brings identifiers and addresses in line with them.
 * Identifier traits are stored normalised, as registration stores them.
 */
export function applyTraits(
  identity: Identity,
  traits: Record<string, unknown>,
  schema: IdentitySchema,
  now: Date,
): void {
  for (const field of schema.passwordIdentifierFields) {
    const value = traitValue(traits, field.path);
    if (typeof value === "string") setTraitValue(traits, field.path, normaliseIdentifier(value));
  }
  identity.traits = traits;
  identity.updated_at = now;

  const verifiable = valuesOf(traits, schema.verificationFields);
  identity.verifiable_addresses = verifiable.map(
    (value): VerifiableAddress =>
      identity.verifiable_addresses.find((a) => a.value === value) ?? {
        id: crypto.randomUUID(),
        value,
        verified: false,
        via: "email",
        status: "pending",
        created_at: now,
        updated_at: now,
      },
  );

  const recovery = valuesOf(traits, schema.recoveryFields);
  identity.recovery_addresses = recovery.map(
    (value): RecoveryAddress =>
      identity.recovery_addresses.find((a) => a.value === value) ?? {
        id: crypto.randomUUID(),
        value,
        via: "email",
        created_at: now,
        updated_at: now,
      },
  );

  // An account made by email code signs in with the same identifier trait as a password one.
  for (const credential of identity.credentials) {
    if (credential.type !== "password" && credential.type !== "code") continue;
    const identifiers = valuesOf(traits, schema.passwordIdentifierFields);
    if (identifiers.join("\n") !== credential.identifiers.join("\n")) {
      credential.identifiers = identifiers;
      credential.updated_at = now;
    }
  }
}

/** Addresses that were not on the identity before (they need verifying). */
export function addedVerifiableAddresses(before: Identity, after: Identity): string[] {
  return after.verifiable_addresses
    .filter((a) => !a.verified && !before.verifiable_addresses.some((b) => b.value === a.value))
    .map((a) => a.value);
}

/** True when identifiers or addresses differ: a sensitive change (docs/protocol.md#settings-outcomes). */
export function hasAddressChange(before: Identity, after: Identity): boolean {
  const key = (identity: Identity): string =>
    JSON.stringify([
      identity.verifiable_addresses.map((a) => a.value).sort(),
      identity.recovery_addresses.map((a) => a.value).sort(),
      identity.credentials.map((c) => [c.type, [...c.identifiers].sort()]),
    ]);
  return key(before) !== key(after);
}

/** The persistence port's lookups (Deps has them), named here so identity/ imports no port. */
interface IdentityLookups {
  findIdentityByIdentifier(type: string, identifier: string): Promise<Identity | undefined>;
  findIdentityByRecoveryAddress(value: string): Promise<Identity | undefined>;
  findIdentityByVerifiableAddress(value: string): Promise<Identity | undefined>;
}

/** Whether another identity already holds one of this identity's identifiers or addresses. */
export async function conflictsWithOtherIdentity(
  deps: { persistence: { identities: IdentityLookups } },
  identity: Identity,
): Promise<boolean> {
  const { identities } = deps.persistence;
  const owners = await Promise.all([
    ...identity.credentials.flatMap((c) =>
      c.identifiers.map((i) => identities.findIdentityByIdentifier(c.type, i)),
    ),
    ...identity.verifiable_addresses.map((a) =>
      identities.findIdentityByVerifiableAddress(a.value),
    ),
    ...identity.recovery_addresses.map((a) => identities.findIdentityByRecoveryAddress(a.value)),
  ]);
  return owners.some((owner) => owner !== undefined && owner.id !== identity.id);
}

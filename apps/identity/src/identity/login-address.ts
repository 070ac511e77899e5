import type { Identity } from "./identity.ts";
import type { IdentitySchema } from "./identity-schema.ts";
import { applyTraits, schemaOf, traitValue } from "./traits.ts";

/**
 * A copy of the identity with `address` as its login address (the schema's email trait):
 * identifiers and addresses follow the traits (applyTraits), and the address counts as
 * verified, because whoever calls this has proved it: by the code sent there (a completed
 * email change) or by the link that reached it (an undone one).
 */
export function withLoginAddress(
  deps: { schemas: ReadonlyMap<string, IdentitySchema>; defaultSchema: IdentitySchema },
  identity: Identity,
  address: string,
  now: Date,
): Identity {
  const schema = schemaOf(deps, identity.schema_id);
  const after = structuredClone(identity);
  const field = schema.verificationFields[0] ?? schema.passwordIdentifierFields[0];
  if (!field) return after;
  const traits = structuredClone(identity.traits);
  let cursor: Record<string, unknown> = traits;
  for (const key of field.path.slice(0, -1)) {
    const next = cursor[key];
    if (next === null || typeof next !== "object" || Array.isArray(next)) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[field.path.at(-1)!] = address;
  applyTraits(after, traits, schema, now);
  for (const verifiable of after.verifiable_addresses) {
    if (verifiable.value !== address || verifiable.verified) continue;
    Object.assign(verifiable, {
      verified: true,
      status: "completed",
      verified_at: now,
      updated_at: now,
    });
  }
  return after;
}

/** The login address (the schema's email trait) of an identity, normalised as stored. */
export function loginAddressOf(
  deps: { schemas: ReadonlyMap<string, IdentitySchema>; defaultSchema: IdentitySchema },
  identity: Identity,
): string | undefined {
  const schema = schemaOf(deps, identity.schema_id);
  const field = schema.verificationFields[0] ?? schema.passwordIdentifierFields[0];
  const value = field ? traitValue(identity.traits, field.path) : undefined;
  return typeof value === "string" ? value : undefined;
}

import type { CreateIdentityBody } from "@ory/client-fetch";

// One row of the old shop to a Kratos createIdentityBody. Only what the row itself can get
// wrong is checked here (missing or malformed email, a bad verified flag); everything else
// (names too short, an unknown hash format) the identity service answers per entry.

export interface RowOptions {
  source: string;
  importedAt: string;
  /** Rows without a hash get `use_password_migration_hook` (the old shop checks them). */
  passwordHook: boolean;
}

export class BadRow extends Error {}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const truthy = new Set(["1", "true", "yes", "y", "ja", "x"]);
const falsy = new Set(["", "0", "false", "no", "n", "nein"]);

function text(fields: Record<string, unknown>, key: string): string {
  const value = fields[key];
  if (value === undefined || value === null) return "";
  return String(value).trim();
}

function verifiedFlag(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  const flag = String(value ?? "")
    .trim()
    .toLowerCase();
  if (truthy.has(flag)) return true;
  if (falsy.has(flag)) return false;
  throw new BadRow(`verified must be true or false, not "${flag.slice(0, 20)}"`);
}

export function rowToIdentity(
  fields: Record<string, unknown>,
  options: RowOptions,
): { email: string; body: CreateIdentityBody } {
  const email = text(fields, "email").toLowerCase();
  if (!email) throw new BadRow("email is missing");
  if (!emailPattern.test(email) || email.length > 320)
    throw new BadRow(`"${email.slice(0, 80)}" is not a valid email address`);
  const verified = verifiedFlag(fields.verified);
  const hash = text(fields, "password_hash");
  const locale = text(fields, "locale").toLowerCase();
  const body: CreateIdentityBody = {
    schema_id: "default",
    traits: {
      email,
      name: { first: text(fields, "first_name"), last: text(fields, "last_name") },
    },
    metadata_admin: { migration: { source: options.source, imported_at: options.importedAt } },
    ...(locale === "de" || locale === "en" ? { metadata_public: { locale } } : {}),
    ...(verified
      ? {
          verifiable_addresses: [
            { value: email, verified: true, via: "email", status: "completed" },
          ],
        }
      : {}),
    ...(hash
      ? { credentials: { password: { config: { hashed_password: hash } } } }
      : options.passwordHook
        ? { credentials: { password: { config: { use_password_migration_hook: true } } } }
        : {}),
  };
  return { email, body };
}

import type { Identity } from "./identity.ts";

// Customers imported from the old shop carry metadata_admin.migration ({source, imported_at}).
// Those imported without a password hash (and not linked to a social account) have no way to
// sign in yet: they "need migration" and set a password by recovery code, whose email then
// says that their account has moved.

export function needsMigration(
  identity: Pick<Identity, "metadata_admin" | "credentials">,
): boolean {
  const migration = identity.metadata_admin?.migration;
  if (!migration || typeof migration !== "object") return false;
  return !identity.credentials.some((c) => c.type === "password" || c.type === "oidc");
}

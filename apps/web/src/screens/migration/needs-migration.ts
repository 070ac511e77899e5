// A customer imported from the old shop without a usable password (docs/newsletter-deletion-migration.md#customers-who-need-migration):
// metadata_admin.migration is set and the identity has neither a password nor a social sign-in.
// Such a customer sets a password on the User migration screen instead of logging in.

import type { Identity } from "@ory/client-fetch";

export function needsMigration(
  identity: Pick<Identity, "metadata_admin" | "credentials">,
): boolean {
  const metadata = identity.metadata_admin as { migration?: unknown } | null | undefined;
  if (typeof metadata?.migration !== "object" || metadata.migration === null) return false;
  const credentials = identity.credentials ?? {};
  return credentials.password === undefined && credentials.oidc === undefined;
}

import type { Deps } from "../../deps/deps.ts";
import { getCredential, type Identity } from "../../identity/identity.ts";

// Kratos's password migration hook (selfservice.methods.password.config.migrate_hook): an
// identity imported with `use_password_migration_hook` and no hash is checked once against the
// old system. It gets {identifier, password}; only a 200 with {"status":"password_match"} is a
// correct password, which is then stored as argon2id (the flag goes), so the old system is never
// asked again. Any other answer, a timeout or an unreachable system is a failed sign-in: we never
// let a password in that nobody vouched for.
// https://www.ory.sh/docs/kratos/manage-identities/import-user-accounts-identities#password-migration-using-a-web-hook

async function askOldSystem(deps: Deps, identifier: string, password: string): Promise<boolean> {
  const { config } = deps.config.selfservice.methods.password.config.migrate_hook;
  if (!config.url) return false;
  try {
    const response = await deps.fetch(config.url, {
      method: config.method,
      headers: {
        ...config.headers,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify({ identifier, password }),
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeout),
    });
    if (response.status !== 200) return false;
    const answer = (await response.json()) as { status?: unknown } | null;
    return answer?.status === "password_match";
  } catch {
    return false;
  }
}

/** Asks the old system; on a match stores the password as argon2id and drops the flag. */
export async function verifyWithMigrationHook(
  deps: Deps,
  identity: Identity,
  identifier: string,
  password: string,
): Promise<boolean> {
  if (!(await askOldSystem(deps, identifier, password))) return false;
  const credential = getCredential(identity, "password");
  if (!credential) return false;
  const { use_password_migration_hook: _, ...rest } = credential.config;
  credential.config = { ...rest, hashed_password: await deps.hasher.hash(password) };
  credential.updated_at = deps.now();
  identity.updated_at = deps.now();
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  return true;
}

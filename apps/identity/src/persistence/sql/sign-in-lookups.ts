import { type Kysely, sql } from "kysely";
import type { OidcLink } from "../../identity/oidc-credentials.ts";
import type { PasswordCredentialLookup } from "../../security/records.ts";
import type { SignInLookupPersister } from "../persistence.ts";
import type { Database } from "./database.ts";

// The sign-in steps' lookups that must cost the same for every identifier (docs/security.md#no-timing-oracle, "no
// timing oracle"). Loading a whole identity takes three round trips when it exists and one
// when it does not, which a stopwatch tells apart (1.2 ms here); each lookup below is one
// statement that answers exactly one row, found or not, so the work is the same either way.

export class SqlSignInLookups implements SignInLookupPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async passwordCredential(identifier: string): Promise<PasswordCredentialLookup | undefined> {
    const { rows } = await sql<{ identity_id: string | null; config: unknown }>`
      select i.identity_id, c.config
        from (select ${identifier}::text as identifier) q
        left join identity_credential_identifiers i
          on i.type = 'password' and i.identifier = q.identifier
        left join identity_credentials c on c.id = i.credential_id
    `.execute(this.db);
    const row = rows[0];
    if (!row?.identity_id) return undefined;
    const config = (row.config ?? {}) as Record<string, unknown>;
    return {
      identity_id: row.identity_id,
      hashed_password:
        typeof config.hashed_password === "string" && config.hashed_password
          ? config.hashed_password
          : undefined,
      use_password_migration_hook: config.use_password_migration_hook === true,
    };
  }

  async socialOnlyLinks(address: string): Promise<OidcLink[]> {
    // The account is found as the identifier-first step always found it: by its password
    // identifier, else its verifiable, else its recovery address.
    const { rows } = await sql<{ has_password: boolean; oidc: unknown }>`
      select (p.id is not null) as has_password, o.config as oidc
        from (select ${address}::text as address) q
        left join lateral (
          select identity_id from (
            select identity_id, 1 as rank from identity_credential_identifiers
              where type = 'password' and identifier = q.address
            union all select identity_id, 2 from identity_verifiable_addresses
              where via = 'email' and value = q.address
            union all select identity_id, 3 from identity_recovery_addresses
              where via = 'email' and value = q.address
          ) found order by rank limit 1
        ) a on true
        left join identity_credentials p
          on p.identity_id = a.identity_id and p.type = 'password'
          and coalesce(p.config->>'hashed_password', '') <> ''
        left join identity_credentials o on o.identity_id = a.identity_id and o.type = 'oidc'
    `.execute(this.db);
    const row = rows[0];
    if (!row || row.has_password || !row.oidc) return [];
    const providers = (row.oidc as { providers?: unknown }).providers;
    return Array.isArray(providers)
      ? providers.filter(
          (p): p is OidcLink =>
            typeof p?.provider === "string" &&
            typeof p?.issuer === "string" &&
            typeof p?.subject === "string",
        )
      : [];
  }
}

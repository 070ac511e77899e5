import type { Config } from "../config/config.ts";
import type { AuditRecord } from "../console/records.ts";
import { normaliseIdentifier } from "../identity/identity.ts";
import { openDatabase } from "../persistence/sql/connect.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";

// `main.ts console add-admin <email>` (`npm run console -- add-admin <email>`): makes the account
// with this email address an admin of the customer-service console (docs/console.md#the-first-admin).
// Who can run commands on the service's host or database has every power anyway; the command
// is how the first admin comes to be, and may add more. It is audited like a role change in the
// console, with no staff member (staff_id null, details.via "command"). On PGlite run it while
// the service is stopped, as `migrate` (one process per data folder).

export class ConsoleCommandError extends Error {
  override readonly name = "ConsoleCommandError";
}

const defaultReason = "granted on the command line (console add-admin)";

/** Grants the admin role; returns what to print. */
export async function addAdmin(
  config: Readonly<Config>,
  email: string,
  options: { reason?: string } = {},
): Promise<string> {
  const address = normaliseIdentifier(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(address))
    throw new ConsoleCommandError(`"${email}" is not an email address`);
  const { db } = await openDatabase(config.dsn, {
    migrations: config.auto_migrate ? "apply" : "check",
  });
  const persistence = createSqlPersistence(db);
  try {
    const now = new Date();
    const found = await persistence.console.searchByEmail(address, now, 2);
    const account = found[0];
    if (!account) throw new ConsoleCommandError(`no account has the email address ${address}`);
    if (found.length > 1)
      throw new ConsoleCommandError(`more than one account has the email address ${address}`);
    return await persistence.transaction(async (tx) => {
      await tx.console.holdIdentity(account.id);
      const from = (await tx.console.staffRole(account.id))?.role ?? null;
      if (from === "admin") return `${address} is an admin already; nothing changed`;
      await tx.console.putStaffRole({
        identity_id: account.id,
        role: "admin",
        granted_at: now,
        granted_by: null,
      });
      const entry: AuditRecord = {
        id: crypto.randomUUID(),
        occurred_at: now,
        staff_id: null,
        staff_email: null,
        staff_role: null,
        action: "staff.role_change",
        target_id: account.id,
        reason: options.reason?.trim() || defaultReason,
        ip_address: null,
        request_id: null,
        details: { from, to: "admin", via: "command" },
      };
      await tx.console.appendAudit(entry);
      return `${address} (${account.id}) is now an admin${from ? ` (was ${from})` : ""}`;
    });
  } finally {
    await persistence.close();
  }
}

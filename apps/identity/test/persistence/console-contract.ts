import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AuditRecord } from "../../src/console/records.ts";
import type { Identity } from "../../src/identity/identity.ts";
import { enqueueEmail } from "../../src/outbox/email/enqueue-email.ts";
import type { Persistence } from "../../src/persistence/persistence.ts";
import type { Database } from "../../src/persistence/sql/database.ts";

// The console's part of the persistence contract (docs/console.md), on PGlite and PostgreSQL:
// staff roles, account locks, the audit log (append-only: the database itself refuses to change
// or remove an entry), the searches and the customer page's lookups.

function customer(email: string, first: string, last: string): Identity {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    schema_id: "default",
    state: "active",
    traits: { email, name: { first, last } },
    metadata_public: null,
    metadata_admin: null,
    credentials: [],
    verifiable_addresses: [],
    recovery_addresses: [],
    created_at: now,
    updated_at: now,
  };
}

function entry(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: crypto.randomUUID(),
    occurred_at: new Date(),
    staff_id: crypto.randomUUID(),
    staff_email: "staff@example.com",
    staff_role: "support",
    action: "customer.open",
    target_id: crypto.randomUUID(),
    reason: null,
    ip_address: "198.51.100.7",
    request_id: "req-1",
    details: {},
    ...overrides,
  };
}

export function consoleContract(
  name: string,
  persistence: () => Persistence,
  db: () => Kysely<Database>,
): void {
  describe(`console persistence contract: ${name}`, () => {
    it("keeps the audit log append-only: UPDATE, DELETE and TRUNCATE are refused", async () => {
      const p = persistence();
      const kept = entry({ reason: "Kundin hat angerufen" });
      await p.console.appendAudit(kept);
      const attempts = [
        sql`update console_audit set reason = 'verwischt' where id = ${kept.id}`,
        sql`delete from console_audit where id = ${kept.id}`,
        sql`delete from console_audit where false`,
        sql`truncate console_audit`,
      ];
      for (const attempt of attempts) {
        await expect(attempt.execute(db())).rejects.toThrow(/append-only/);
      }
      const [stored] = await p.console.listAudit({ targetId: kept.target_id!, limit: 5 });
      expect(stored).toEqual(kept);
    });

    it("pages the audit log newest first, per customer and per staff member", async () => {
      const p = persistence();
      const target = crypto.randomUUID();
      const staff = crypto.randomUUID();
      const base = Date.now();
      const written = Array.from({ length: 5 }, (_, i) =>
        entry({ target_id: target, staff_id: staff, occurred_at: new Date(base + (i % 3) * 1000) }),
      );
      for (const record of written) await p.console.appendAudit(record);
      const newestFirst = [...written].sort(
        (a, b) => b.occurred_at.getTime() - a.occurred_at.getTime() || (a.id < b.id ? 1 : -1),
      );
      const first = await p.console.listAudit({ targetId: target, limit: 2 });
      const last = first.at(-1)!;
      const rest = await p.console.listAudit({
        targetId: target,
        limit: 10,
        after: { occurred_at: last.occurred_at, id: last.id },
      });
      expect([...first, ...rest].map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
      expect(await p.console.listAudit({ staffId: staff, limit: 10 })).toHaveLength(5);
    });

    it("grants, changes and takes staff roles and counts the admins", async () => {
      const p = persistence();
      const person = customer(`staff-${crypto.randomUUID()}@example.com`, "Sam", "Staff");
      await p.identities.createIdentity(person);
      const admins = await p.console.holdAdmins();
      const grant = { identity_id: person.id, granted_at: new Date(), granted_by: null };
      await p.console.putStaffRole({ ...grant, role: "support" });
      expect((await p.console.staffRole(person.id))?.role).toBe("support");
      await p.console.putStaffRole({ ...grant, role: "admin" });
      expect(await p.console.holdAdmins()).toBe(admins + 1);
      expect((await p.console.listStaff()).some((s) => s.identity_id === person.id)).toBe(true);
      expect(await p.console.removeStaffRole(person.id)).toBe(true);
      expect(await p.console.removeStaffRole(person.id)).toBe(false);
      expect(await p.console.staffRole(person.id)).toBeUndefined();
      // A role goes with its account.
      await p.console.putStaffRole({ ...grant, role: "viewer" });
      await p.identities.deleteIdentity(person.id);
      expect(await p.console.staffRole(person.id)).toBeUndefined();
    });

    it("holds a lock until lifted or until its end, and replaces one that is over", async () => {
      const p = persistence();
      const person = customer(`lock-${crypto.randomUUID()}@example.com`, "Lia", "Lock");
      await p.identities.createIdentity(person);
      const now = new Date();
      const hour = 60 * 60_000;
      const lock = {
        identity_id: person.id,
        locked_at: now,
        until: new Date(now.getTime() + hour),
        reason: "Betrugsverdacht",
        locked_by: null,
      };
      await p.locks.putLock(lock);
      expect(await p.locks.activeLock(person.id, now)).toEqual(lock);
      expect(
        await p.locks.activeLock(person.id, new Date(now.getTime() + 2 * hour)),
      ).toBeUndefined();
      const open = { ...lock, locked_at: new Date(now.getTime() + 2 * hour), until: null };
      await p.locks.putLock(open);
      expect(await p.locks.activeLock(person.id, new Date(now.getTime() + 99 * hour))).toEqual(
        open,
      );
      expect(await p.locks.removeLock(person.id)).toBe(true);
      expect(await p.locks.removeLock(person.id)).toBe(false);
      expect(await p.locks.activeLock(person.id, now)).toBeUndefined();
    });

    it("searches by email, id and name prefix, in name order, with the lock", async () => {
      const p = persistence();
      const tag = crypto.randomUUID().slice(0, 6);
      const last = `Qx${tag}`;
      const people = [
        customer(`b-${tag}@example.org`, "Berta", last),
        customer(`a-${tag}@example.org`, "Ärmel", `${last}son`),
        customer(`c-${tag}@example.org`, `Qx${tag}ine`, "Zett"),
      ];
      for (const person of people) await p.identities.createIdentity(person);
      const now = new Date();
      await p.locks.putLock({
        identity_id: people[0]!.id,
        locked_at: now,
        until: null,
        reason: "x",
        locked_by: null,
      });
      const byEmail = await p.console.searchByEmail(`B-${tag}@EXAMPLE.ORG`, now, 20);
      expect(byEmail).toEqual([
        {
          id: people[0]!.id,
          email: `b-${tag}@example.org`,
          first: "Berta",
          last,
          state: "active",
          created_at: people[0]!.created_at,
          locked: true,
        },
      ]);
      expect((await p.console.searchById(people[1]!.id, now)).map((r) => r.first)).toEqual([
        "Ärmel",
      ]);
      // The last name for all three (one by their first name), case-insensitively.
      const prefix = `qx${tag}`;
      const found = await p.console.searchByName(prefix, { lastName: true, limit: 20, now });
      expect(found.map((r) => r.first)).toEqual(["Ärmel", "Berta", `Qx${tag}ine`]);
      expect(
        (await p.console.searchByName(prefix, { lastName: true, limit: 2, now })).map(
          (r) => r.first,
        ),
      ).toEqual(["Ärmel", "Berta"]);
      expect(
        (await p.console.searchByName(`berta ${prefix}`, { lastName: false, limit: 20, now })).map(
          (r) => r.id,
        ),
      ).toEqual([people[0]!.id]);
      expect(
        await p.console.searchByName(prefix, { lastName: false, limit: 20, now }),
      ).toHaveLength(1);
      // LIKE's wildcards are plain characters in a prefix range.
      expect(await p.console.searchByName("%", { lastName: true, limit: 20, now })).toEqual([]);
    });

    it("finds the emails to a customer's addresses and the newest code they were sent", async () => {
      const p = persistence();
      const address = `mail-${crypto.randomUUID()}@example.com`;
      const id = await enqueueEmail(p, {
        templateType: "account_deleted",
        to: address,
        locale: "de",
        model: {},
      });
      const emails = await p.console.emailsTo([address, "other@example.com"], 10);
      expect(emails).toEqual([
        expect.objectContaining({
          id,
          to: address,
          template_type: "account_deleted",
          status: "queued",
          send_count: 0,
          last_error: null,
          sent_at: null,
        }),
      ]);
      expect(await p.console.emailsTo([], 10)).toEqual([]);
      expect(await p.console.latestCode(crypto.randomUUID(), ["recovery"])).toBeUndefined();
    });
  });
}

import { describe, expect, it } from "vitest";
import type { Identity } from "../../src/identity/identity.ts";
import type { Persistence } from "../../src/persistence/persistence.ts";
import type { EmailChange } from "../../src/security/records.ts";

// Account safety's part of the persistence contract (docs/account-safety.md), run against PGlite and PostgreSQL: events,
// failed sign-ins per day, trusted devices, notice links, email changes, session activity and
// the sign-in lookups that answer one row whether or not an account exists.

function account(email: string, credentials: Identity["credentials"]): Identity {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    schema_id: "default",
    state: "active",
    traits: { email },
    metadata_public: null,
    metadata_admin: null,
    credentials,
    verifiable_addresses: [
      {
        id: crypto.randomUUID(),
        value: email,
        verified: true,
        via: "email",
        status: "completed",
        created_at: now,
        updated_at: now,
      },
    ],
    recovery_addresses: [
      { id: crypto.randomUUID(), value: email, via: "email", created_at: now, updated_at: now },
    ],
    created_at: now,
    updated_at: now,
  };
}

function credential(type: string, identifiers: string[], config: Record<string, unknown>) {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    type,
    identifiers,
    config,
    version: 0,
    created_at: now,
    updated_at: now,
  };
}

export function securityContract(name: string, persistence: () => Persistence): void {
  describe(`security persistence contract: ${name}`, () => {
    it("finds a password credential, or nothing, in one lookup", async () => {
      const p = persistence();
      const email = `pw-${crypto.randomUUID()}@example.com`;
      const created = account(email, [
        credential("password", [email], { hashed_password: "$argon2id$x" }),
      ]);
      await p.identities.createIdentity(created);
      expect(await p.signInLookups.passwordCredential(email)).toEqual({
        identity_id: created.id,
        hashed_password: "$argon2id$x",
        use_password_migration_hook: false,
      });
      expect(await p.signInLookups.passwordCredential(`nobody-${email}`)).toBeUndefined();
      const hooked = `hook-${crypto.randomUUID()}@example.com`;
      await p.identities.createIdentity(
        account(hooked, [credential("password", [hooked], { use_password_migration_hook: true })]),
      );
      expect(await p.signInLookups.passwordCredential(hooked)).toMatchObject({
        hashed_password: undefined,
        use_password_migration_hook: true,
      });
    });

    it("offers the social sign-ins of an account without a password only", async () => {
      const p = persistence();
      const link = { provider: "google", issuer: "https://accounts.google.com", subject: "s1" };
      const social = `social-${crypto.randomUUID()}@example.com`;
      await p.identities.createIdentity(
        account(social, [
          credential("oidc", [`${link.issuer}#${crypto.randomUUID()}`], { providers: [link] }),
        ]),
      );
      expect(await p.signInLookups.socialOnlyLinks(social)).toEqual([link]);
      const both = `both-${crypto.randomUUID()}@example.com`;
      await p.identities.createIdentity(
        account(both, [
          credential("password", [both], { hashed_password: "$argon2id$x" }),
          credential("oidc", [`${link.issuer}#${crypto.randomUUID()}`], { providers: [link] }),
        ]),
      );
      expect(await p.signInLookups.socialOnlyLinks(both)).toEqual([]);
      expect(await p.signInLookups.socialOnlyLinks(`nobody-${social}`)).toEqual([]);
    });

    it("keeps events, failed sign-ins per day and purges both after the retention", async () => {
      const p = persistence();
      const email = `events-${crypto.randomUUID()}@example.com`;
      const owner = account(email, []);
      await p.identities.createIdentity(owner);
      const at = (iso: string) => new Date(iso);
      for (const [type, when] of [
        ["login_new_device", "2026-03-01T10:00:00Z"],
        ["password_changed", "2026-03-02T10:00:00Z"],
      ] as const) {
        await p.security.recordEvent({
          id: crypto.randomUUID(),
          identity_id: owner.id,
          type,
          occurred_at: at(when),
          ip_address: "127.0.0.1",
          user_agent: "ua",
          device_id: null,
          details: { k: "v" },
        });
      }
      const listed = await p.security.listEvents(owner.id, at("2026-01-01T00:00:00Z"));
      expect(listed.map((e) => e.type)).toEqual(["password_changed", "login_new_device"]);
      expect(listed[0]?.details).toEqual({ k: "v" });
      expect(await p.security.getEvent(listed[0]!.id)).toMatchObject({ type: "password_changed" });

      const hash = `h-${crypto.randomUUID()}`;
      for (const last of ["2026-03-01T08:00:00Z", "2026-03-01T09:00:00Z", "2026-03-02T09:00:00Z"]) {
        await p.security.recordFailedSignIn({
          identifier_hash: hash,
          day: last.slice(0, 10),
          last_at: at(last),
          ip_address: "10.0.0.1",
          user_agent: last,
        });
      }
      const failed = await p.security.listFailedSignIns([hash], "2026-01-01");
      expect(failed.map((f) => [f.day, f.count, f.user_agent])).toEqual([
        ["2026-03-02", 1, "2026-03-02T09:00:00Z"],
        ["2026-03-01", 2, "2026-03-01T09:00:00Z"],
      ]);
    });

    it("trusts a device once per account and forgets it", async () => {
      const p = persistence();
      const owner = account(`device-${crypto.randomUUID()}@example.com`, []);
      await p.identities.createIdentity(owner);
      const device = {
        id: crypto.randomUUID(),
        identity_id: owner.id,
        device_hash: "d1",
        ip_address: "127.0.0.1",
        user_agent: "ua",
        created_at: new Date("2026-01-01T00:00:00Z"),
        last_seen_at: new Date("2026-01-01T00:00:00Z"),
      };
      const id = await p.security.trustDevice(device);
      const later = new Date("2026-02-01T00:00:00Z");
      expect(
        await p.security.trustDevice({ ...device, id: crypto.randomUUID(), last_seen_at: later }),
      ).toBe(id);
      expect((await p.security.findTrustedDevice(owner.id, "d1"))?.last_seen_at).toEqual(later);
      await p.security.removeTrustedDevice(owner.id, id);
      expect(await p.security.findTrustedDevice(owner.id, "d1")).toBeUndefined();
    });

    it("moves a device's last sight only while it is trusted", async () => {
      const p = persistence();
      const owner = account(`touch-${crypto.randomUUID()}@example.com`, []);
      await p.identities.createIdentity(owner);
      const seen = {
        identity_id: owner.id,
        device_hash: "d2",
        ip_address: "127.0.0.1",
        user_agent: "ua",
        last_seen_at: new Date("2026-03-01T00:00:00Z"),
      };
      // Unknown: nothing to move, nothing inserted.
      expect(await p.security.touchTrustedDevice(seen, new Date("2026-01-01T00:00:00Z"))).toBe(
        undefined,
      );
      expect(await p.security.findTrustedDevice(owner.id, "d2")).toBeUndefined();
      const id = await p.security.trustDevice({
        ...seen,
        id: crypto.randomUUID(),
        created_at: new Date("2026-02-01T00:00:00Z"),
        last_seen_at: new Date("2026-02-01T00:00:00Z"),
      });
      // Last seen on 1 February: not after 1 February, so stale; after 31 January, so trusted.
      expect(await p.security.touchTrustedDevice(seen, new Date("2026-02-01T00:00:00Z"))).toBe(
        undefined,
      );
      expect((await p.security.findTrustedDevice(owner.id, "d2"))?.last_seen_at).toEqual(
        new Date("2026-02-01T00:00:00Z"),
      );
      const moved = { ...seen, ip_address: "203.0.113.9", user_agent: "ua 2" };
      expect(await p.security.touchTrustedDevice(moved, new Date("2026-01-31T00:00:00Z"))).toBe(id);
      const device = await p.security.findTrustedDevice(owner.id, "d2");
      expect(device?.last_seen_at).toEqual(new Date("2026-03-01T00:00:00Z"));
      expect(device?.ip_address).toBe("203.0.113.9");
      expect(device?.user_agent).toBe("ua 2");
    });

    it("uses a link once and never after it expired", async () => {
      const p = persistence();
      const owner = account(`link-${crypto.randomUUID()}@example.com`, []);
      await p.identities.createIdentity(owner);
      const now = new Date();
      const link = {
        id: crypto.randomUUID(),
        token_hash: `t-${crypto.randomUUID()}`,
        kind: "not_me" as const,
        identity_id: owner.id,
        event_id: null,
        device_id: null,
        expires_at: new Date(now.getTime() + 60_000),
        used_at: null,
        created_at: now,
      };
      await p.security.createLink(link);
      expect((await p.security.findLink(link.token_hash))?.kind).toBe("not_me");
      expect(await p.security.useLink(link.id, new Date(now.getTime() + 120_000))).toBe(false);
      const results = await Promise.all([
        p.security.useLink(link.id, now),
        p.security.useLink(link.id, now),
      ]);
      expect(results.sort()).toEqual([false, true]);
    });

    it("keeps one waiting email change per account and updates it in place", async () => {
      const p = persistence();
      const owner = account(`change-${crypto.randomUUID()}@example.com`, []);
      await p.identities.createIdentity(owner);
      const now = new Date();
      const change: EmailChange = {
        id: crypto.randomUUID(),
        identity_id: owner.id,
        old_address: "a@example.com",
        new_address: "b@example.com",
        code_hash: "c",
        code_expires_at: now,
        tries: 0,
        status: "pending",
        device_id: null,
        expires_at: now,
        created_at: now,
        updated_at: now,
        completed_at: null,
      };
      await p.security.saveEmailChange(change);
      await p.security.saveEmailChange({ ...change, tries: 2 });
      expect((await p.security.pendingEmailChange(owner.id))?.tries).toBe(2);
      await expect(
        p.security.saveEmailChange({ ...change, id: crypto.randomUUID() }),
      ).rejects.toThrow();
      await p.security.saveEmailChange({ ...change, status: "completed", completed_at: now });
      expect(await p.security.pendingEmailChange(owner.id)).toBeUndefined();
      expect((await p.security.getEmailChange(change.id))?.status).toBe("completed");
    });
  });
}

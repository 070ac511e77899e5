import { describe, expect, it } from "vitest";
import type { Flow } from "../../src/flows/flow.ts";
import type { Identity } from "../../src/identity/identity.ts";
import type { Persistence } from "../../src/persistence/persistence.ts";

// The contract every persistence adapter must keep; run against PGlite and PostgreSQL.

function identity(email: string): Identity {
  const now = new Date();
  return {
    id: crypto.randomUUID(),
    schema_id: "default",
    state: "active",
    traits: { email, name: { first: "Ida", last: "Moos" } },
    metadata_public: { locale: "de" },
    metadata_admin: null,
    credentials: [
      {
        id: crypto.randomUUID(),
        type: "password",
        identifiers: [email],
        config: { hashed_password: "x" },
        version: 0,
        created_at: now,
        updated_at: now,
      },
    ],
    verifiable_addresses: [
      {
        id: crypto.randomUUID(),
        value: email,
        verified: false,
        via: "email",
        status: "pending",
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

export function persistenceContract(name: string, persistence: () => Persistence): void {
  describe(`persistence contract: ${name}`, () => {
    it("stores and finds identities by identifier and addresses, and updates them", async () => {
      const p = persistence();
      const created = identity(`a-${crypto.randomUUID()}@example.com`);
      await p.identities.createIdentity(created);
      const email = created.traits.email as string;
      expect((await p.identities.findIdentityByIdentifier("password", email))?.id).toBe(created.id);
      expect((await p.identities.findIdentityByRecoveryAddress(email))?.id).toBe(created.id);
      created.verifiable_addresses[0]!.verified = true;
      await p.identities.updateIdentity(created);
      expect((await p.identities.getIdentity(created.id))?.verifiable_addresses[0]?.verified).toBe(
        true,
      );
      expect(await p.identities.getIdentity("not-a-uuid")).toBeUndefined();
    });

    it("rejects a second identity with the same identifier", async () => {
      const p = persistence();
      const email = `dup-${crypto.randomUUID()}@example.com`;
      await p.identities.createIdentity(identity(email));
      await expect(p.identities.createIdentity(identity(email))).rejects.toThrow();
    });

    it("rolls back a failed transaction completely", async () => {
      const p = persistence();
      const email = `tx-${crypto.randomUUID()}@example.com`;
      const first = identity(email);
      await expect(
        p.transaction(async (tx) => {
          await tx.identities.createIdentity(first);
          await tx.identities.createIdentity(identity(email));
        }),
      ).rejects.toThrow();
      expect(await p.identities.getIdentity(first.id)).toBeUndefined();
    });

    it("counts rate limit windows atomically and resets them", async () => {
      const p = persistence();
      const key = `k-${crypto.randomUUID()}`;
      const now = new Date();
      const counts = await Promise.all(
        Array.from({ length: 5 }, () => p.limits.hit(key, 60_000, now)),
      );
      expect(counts.map((c) => c.count).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await p.limits.peek(key, now)).toBe(5);
      expect((await p.limits.hit(key, 60_000, new Date(now.getTime() + 61_000))).count).toBe(1);
      await p.limits.reset(key);
      expect(await p.limits.peek(key, now)).toBe(0);
    });

    it("counts several windows in one statement, concurrently without deadlock, and purges them", async () => {
      const p = persistence();
      const [a, b] = [`a-${crypto.randomUUID()}`, `b-${crypto.randomUUID()}`];
      const now = new Date();
      // The same keys in opposite orders from parallel statements (rows lock in one order).
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          p.limits.hitMany(
            i % 2 === 0
              ? [
                  { key: a, windowMs: 60_000 },
                  { key: b, windowMs: 1_000 },
                ]
              : [
                  { key: b, windowMs: 1_000 },
                  { key: a, windowMs: 60_000 },
                ],
            now,
          ),
        ),
      );
      expect(runs.map((run) => run.get(a)).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      const later = new Date(now.getTime() + 2_000);
      const peeked = await p.limits.peekMany([a, b, "never-hit"], later);
      expect([...peeked]).toEqual([
        [a, 6],
        [b, 0],
        ["never-hit", 0],
      ]);
      // b's window ended: its next hit starts a new one, with its own length.
      const again = await p.limits.hitMany([{ key: b, windowMs: 1_000 }], later);
      expect(again.get(b)).toBe(1);
      await p.limits.purgeExpired(new Date(later.getTime() + 1_500));
      expect(await p.limits.peekMany([a, b], later)).toEqual(
        new Map([
          [a, 6],
          [b, 0],
        ]),
      );
      expect(await p.limits.peek(b, later)).toBe(0);
    });

    it("grants one welcome gift per mailbox and per identity, also to concurrent claims", async () => {
      const p = persistence();
      const [kim, kimAgain, sam] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const mailbox = `mailbox-${crypto.randomUUID()}`;
      const granted_at = new Date();
      const claims = await Promise.all(
        [kim, kimAgain].map((identity_id) =>
          p.welcomeGifts.claim({ mailbox_hash: mailbox, identity_id, granted_at }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // The identity that got it gets none for another mailbox (a changed address).
      const holder = claims[0] ? kim : kimAgain;
      expect(
        await p.welcomeGifts.claim({
          mailbox_hash: `m-${crypto.randomUUID()}`,
          identity_id: holder,
          granted_at,
        }),
      ).toBe(false);
      expect(
        await p.welcomeGifts.claim({
          mailbox_hash: `m-${crypto.randomUUID()}`,
          identity_id: sam,
          granted_at,
        }),
      ).toBe(true);
    });

    it("keeps flows and single-use codes", async () => {
      const p = persistence();
      const now = new Date();
      const flow: Flow = {
        id: crypto.randomUUID(),
        kind: "recovery",
        type: "browser",
        state: "choose_method",
        csrf_token: "t",
        identity_id: null,
        session_id: null,
        issued_at: now,
        expires_at: new Date(now.getTime() + 60_000),
        updated_at: now,
        payload: {
          request_url: "http://x/",
          ui: { action: "http://x/", method: "POST", nodes: [] },
        },
        internal: { tries: 1 },
      };
      await p.flows.createFlow(flow);
      expect(await p.flows.getFlow(flow.id, "login")).toBeUndefined();
      expect((await p.flows.getFlow(flow.id, "recovery"))?.internal.tries).toBe(1);
      const code = {
        id: crypto.randomUUID(),
        flow_id: flow.id,
        kind: "recovery" as const,
        code_hash: "h",
        address: "a",
        identity_id: null,
        used_at: null,
        expires_at: new Date(now.getTime() + 60_000),
      };
      await p.codes.createCode(code);
      expect(await p.codes.activeCodesOfFlow(flow.id, now)).toHaveLength(1);
      const uses = await Promise.all([
        p.codes.useCode(code.id, now),
        p.codes.useCode(code.id, now),
      ]);
      expect(uses.filter(Boolean)).toHaveLength(1);
      expect(await p.codes.activeCodesOfFlow(flow.id, now)).toHaveLength(0);
    });

    it("reads a stored flow that is not what its kind declares as no flow", async () => {
      const p = persistence();
      const now = new Date();
      const flow: Flow = {
        id: crypto.randomUUID(),
        kind: "recovery",
        type: "browser",
        state: "sent_email",
        csrf_token: "t",
        identity_id: null,
        session_id: null,
        issued_at: now,
        expires_at: new Date(now.getTime() + 60_000),
        updated_at: now,
        payload: {
          request_url: "http://x/",
          ui: { action: "http://x/", method: "POST", nodes: [] },
        },
        internal: { recoveryRound: 1 },
      };
      await p.flows.createFlow(flow);
      expect(await p.flows.getFlow(flow.id, "recovery")).toBeDefined();
      // A key of another kind, and a declared key of the wrong type.
      await p.flows.updateFlow({ ...flow, internal: { recoveryRound: 1, codeRound: 2 } });
      expect(await p.flows.getFlow(flow.id, "recovery")).toBeUndefined();
      const wrongType = { recoveryRound: "2" } as unknown as Flow["internal"];
      await p.flows.updateFlow({ ...flow, internal: wrongType });
      expect(await p.flows.getFlow(flow.id, "recovery")).toBeUndefined();
    });
  });
}

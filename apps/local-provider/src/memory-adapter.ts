import type { Adapter, AdapterPayload } from "oidc-provider";

// oidc-provider's storage for codes, tokens, sessions and interactions, kept in memory: the
// local provider forgets everything on restart, which is what a test provider should do.
// (oidc-provider ships one too, but warns about it on every start.)

type Entry = { payload: AdapterPayload; expiresAt?: number };

/** A fresh adapter class per provider, so two providers (or two test runs) share nothing. */
export function memoryAdapter(): new (name: string) => Adapter {
  const stores = new Map<string, Map<string, Entry>>();
  const grants = new Map<string, Set<string>>();
  return class MemoryAdapter implements Adapter {
    private readonly store: Map<string, Entry>;

    private readonly name: string;

    constructor(name: string) {
      this.name = name;
      this.store = stores.get(name) ?? new Map();
      stores.set(name, this.store);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      this.store.set(id, {
        payload,
        ...(expiresIn ? { expiresAt: Date.now() + expiresIn * 1000 } : {}),
      });
      if (payload.grantId) {
        const ids = grants.get(payload.grantId) ?? new Set();
        ids.add(`${this.name}:${id}`);
        grants.set(payload.grantId, ids);
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const entry = this.store.get(id);
      if (!entry) return undefined;
      if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        this.store.delete(id);
        return undefined;
      }
      return entry.payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
      return undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      for (const [id, entry] of this.store)
        if (entry.payload.userCode === userCode) return this.find(id);
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const entry = this.store.get(id);
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      this.store.delete(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of grants.get(grantId) ?? []) {
        const [name, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
        stores.get(name)?.delete(id);
      }
      grants.delete(grantId);
    }
  };
}

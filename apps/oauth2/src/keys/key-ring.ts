import type { SigningAlgorithm } from "../config/config.ts";
import type { KeyRow, KeyStore, KeyStoreTransaction } from "../persistence/key-store.ts";
import {
  decryptPrivateKey,
  encryptPrivateKey,
  generateSigningKey,
  type Jwk,
} from "./key-crypto.ts";

// The signing keys' life, shared by every instance through the database:
//
//   made ──(publish_ahead)──► signs ──(next key starts signing)──► retired ──(keep_retired_for)──► deleted
//
// A key is in the JWKS from the moment it is made, so every instance (each reloads the keys
// every `reload_interval`) and every relying party's JWKS cache knows it before the first
// token it signs. The newest key whose time has come signs; the one before it stays in the JWKS
// for `keep_retired_for`, longer than any token it signed lives (and long enough for an old ID
// token sent back as `id_token_hint` at logout). Private halves are sealed with secrets.system.

/** Hydra's name for the key set that signs ID tokens (and here also logout tokens). */
export const idTokenKeySet = "hydra.openid.id-token";

export interface KeyRingOptions {
  algorithm: SigningAlgorithm;
  /** 0: never rotate on its own. */
  rotateEvery: number;
  publishAhead: number;
  keepRetiredFor: number;
  systemSecrets: readonly string[];
}

export interface SigningSet {
  /** Private JWKs for oidc-provider: the signer first, then keys waiting to sign, then retired ones. */
  keys: Jwk[];
  signer: Jwk;
  /** Changes whenever the keys or their order change: the provider is rebuilt then. */
  fingerprint: string;
}

interface Plan {
  signer: KeyRow;
  pending: KeyRow[];
  retired: { row: KeyRow; retiredAt: number }[];
}

export class KeyRing {
  private readonly store: KeyStore;
  private readonly options: KeyRingOptions;

  constructor(store: KeyStore, options: KeyRingOptions) {
    this.store = store;
    this.options = options;
  }

  /** Makes the first key, starts the next one when rotation is due, deletes keys nobody needs. */
  async maintain(now = new Date()): Promise<void> {
    await this.store.locked(async (keys) => {
      const rows = await keys.list(idTokenKeySet);
      const plan = planOf(rows, now.getTime());
      if (!plan) {
        await this.create(keys, now, this.options.algorithm);
        return;
      }
      for (const { row, retiredAt } of plan.retired) {
        if (retiredAt + this.options.keepRetiredFor <= now.getTime()) {
          await keys.delete(idTokenKeySet, row.kid);
        }
      }
      const { rotateEvery, publishAhead, algorithm } = this.options;
      const age = now.getTime() - plan.signer.signsFrom.getTime();
      const due =
        plan.pending.length === 0 &&
        ((rotateEvery > 0 && age >= rotateEvery - publishAhead) || plan.signer.alg !== algorithm);
      if (due) await this.create(keys, new Date(now.getTime() + publishAhead), algorithm);
    });
  }

  /**
   * Makes a new key on request (Hydra's `POST /admin/keys/{set}`). It signs after
   * `publish_ahead`, like a rotation; to replace a compromised key at once, delete that key
   * afterwards and the new one signs immediately.
   */
  async rotate(options: { alg?: SigningAlgorithm; kid?: string; now?: Date } = {}): Promise<Jwk> {
    const now = options.now ?? new Date();
    return this.store.locked(async (keys) => {
      const exists = (await keys.list(idTokenKeySet)).length > 0;
      const signsFrom = exists ? new Date(now.getTime() + this.options.publishAhead) : now;
      return this.create(keys, signsFrom, options.alg ?? this.options.algorithm, options.kid);
    });
  }

  async remove(kid: string): Promise<boolean> {
    return this.store.locked((keys) => keys.delete(idTokenKeySet, kid));
  }

  async publicKeys(): Promise<Jwk[]> {
    const rows = await this.store.list(idTokenKeySet);
    return rows.reverse().map((r) => r.publicJwk as Jwk);
  }

  async signingSet(now = new Date()): Promise<SigningSet> {
    const plan = planOf(await this.store.list(idTokenKeySet), now.getTime());
    if (!plan) throw new Error("no signing key: run maintain() first");
    const ordered = [plan.signer, ...plan.pending, ...plan.retired.map((r) => r.row).reverse()];
    const keys = ordered.map((r) =>
      decryptPrivateKey(r.sealedPrivateJwk, this.options.systemSecrets),
    );
    return { keys, signer: keys[0]!, fingerprint: ordered.map((r) => r.kid).join(",") };
  }

  private async create(
    keys: KeyStoreTransaction,
    signsFrom: Date,
    alg: SigningAlgorithm,
    kid?: string,
  ): Promise<Jwk> {
    const key = await generateSigningKey(alg, kid);
    await keys.insert({
      kid: key.kid,
      setName: idTokenKeySet,
      alg,
      publicJwk: key.publicJwk,
      sealedPrivateJwk: encryptPrivateKey(key.privateJwk, this.options.systemSecrets),
      signsFrom,
    });
    return key.publicJwk;
  }
}

/** Which key signs now, which wait, and since when each older key is retired. */
function planOf(rows: KeyRow[], now: number): Plan | undefined {
  const sorted = [...rows].sort((a, b) => a.signsFrom.getTime() - b.signsFrom.getTime());
  const started = sorted.filter((r) => r.signsFrom.getTime() <= now);
  const waiting = sorted.filter((r) => r.signsFrom.getTime() > now);
  // With no key started (the signer was deleted), the earliest waiting key signs at once.
  const signer = started.at(-1) ?? waiting.shift();
  if (!signer) return undefined;
  const retired = started.slice(0, -1).map((row, i) => ({
    row,
    retiredAt: started[i + 1]!.signsFrom.getTime(),
  }));
  return { signer, pending: waiting, retired };
}

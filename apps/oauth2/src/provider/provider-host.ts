import type Provider from "oidc-provider";
import type { KeyRing } from "../keys/key-ring.ts";
import { buildProvider, type ProviderDeps } from "./provider.ts";

// oidc-provider takes its signing keys when it is constructed. The host keeps the current
// Provider and, every `keys.reload_interval`, lets the key ring rotate and prune (one instance
// does it under a database lock), then rebuilds the Provider when the keys or the signer
// changed. Building one takes milliseconds and loses nothing: its state is in the database.

export interface ProviderHost {
  current(): Provider;
  /** Maintains the keys and rebuilds the provider if they changed; the reload loop calls it. */
  refresh(now?: Date): Promise<void>;
  /** Stops the reload loop. */
  close(): void;
}

export async function startProviderHost(options: {
  deps: Omit<ProviderDeps, "keys">;
  keyRing: KeyRing;
  reloadInterval: number;
  /** Runs after each refresh (deleting expired rows). */
  housekeeping?: () => Promise<void>;
  onReloadError: (error: unknown) => void;
}): Promise<ProviderHost> {
  const { deps, keyRing } = options;
  await keyRing.maintain();
  let keys = await keyRing.signingSet();
  let provider = buildProvider({ ...deps, keys });

  const refresh = async (now = new Date()): Promise<void> => {
    await keyRing.maintain(now);
    const next = await keyRing.signingSet(now);
    if (next.fingerprint !== keys.fingerprint) {
      keys = next;
      provider = buildProvider({ ...deps, keys });
    }
    await options.housekeeping?.();
  };

  let busy = false;
  const timer = setInterval(() => {
    // One refresh at a time; a slow database must not stack them up.
    if (busy) return;
    busy = true;
    refresh()
      .catch(options.onReloadError)
      .finally(() => {
        busy = false;
      });
  }, options.reloadInterval);
  timer.unref();

  return {
    current: () => provider,
    refresh,
    close: () => clearInterval(timer),
  };
}

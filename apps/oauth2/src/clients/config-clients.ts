import type { ClientMetadata } from "oidc-provider";
import type { ConfigClient } from "../config/config.ts";
import type { ClientStore } from "../persistence/client-store.ts";
import { hashClientSecret } from "./client-secret.ts";
import { type ClientDocument, clientFromInput, providerMetadata } from "./hydra-client.ts";

// Clients written in the config file are stored at every start, so every instance and the
// admin API see them; the file wins over anything stored under the same id, and a client
// removed from the file is deleted (with its grants and tokens). The admin API refuses to
// change them.

export async function syncConfigClients(options: {
  clients: readonly ConfigClient[];
  store: ClientStore;
  /** oidc-provider's client validation, so a bad entry stops the start with a clear error. */
  validate(metadata: ClientMetadata): Promise<void>;
}): Promise<void> {
  const { store } = options;
  const wanted = new Set(options.clients.map((c) => c.client_id));
  for (const id of await store.configIds()) if (!wanted.has(id)) await store.delete(id);
  for (const entry of options.clients) {
    const existing = await store.get(entry.client_id);
    const { client, secret } = clientFromInput(entry, {
      now: new Date(),
      ...(existing ? { createdAt: existing.client.created_at } : {}),
    });
    const secretHash = secret !== undefined ? await hashClientSecret(secret) : null;
    try {
      await options.validate(providerMetadata(client, secretHash));
    } catch (cause) {
      const reason = (cause as { error_description?: string }).error_description ?? String(cause);
      throw new Error(`clients[${entry.client_id}]: ${reason}`, { cause });
    }
    await store.upsert({ client: client as ClientDocument, secretHash, source: "config" });
  }
}

import jsonPatch, { type Operation } from "fast-json-patch";
import { errors as providerErrors } from "oidc-provider";
import { generateClientSecret, hashClientSecret } from "../clients/client-secret.ts";
import {
  type ClientDocument,
  ClientInputError,
  clientFromInput,
  isPublic,
  providerMetadata,
} from "../clients/hydra-client.ts";
import type { StoredClient } from "../persistence/client-store.ts";
import type { FlowDeps } from "./flow-deps.ts";
import { FlowError, flowErrors } from "./flow-error.ts";

// Hydra's client administration (`/admin/clients`): create, list, get, replace (PUT), patch
// (JSON Patch) and delete. Every client is checked by oidc-provider's own client validation
// before it is stored, so a client the admin API accepts is one the provider can serve. The
// secret is answered once, when it is set; afterwards only its hash exists.

export type ClientAnswer = ClientDocument & { client_secret?: string };

const invalidClient = (description: string) =>
  new FlowError(400, "invalid_client_metadata", description);

async function validated(
  deps: FlowDeps,
  input: unknown,
  options: { id?: string; createdAt?: string; keepHash?: string | null },
): Promise<{ entry: Omit<StoredClient, "source">; secret?: string }> {
  let parsed: ReturnType<typeof clientFromInput>;
  try {
    parsed = clientFromInput(input, { ...options, now: new Date() });
  } catch (error) {
    if (error instanceof ClientInputError) throw invalidClient(error.message);
    throw error;
  }
  const { client } = parsed;
  let secret = parsed.secret;
  let secretHash: string | null = null;
  if (!isPublic(client)) {
    if (secret === undefined && !options.keepHash) secret = generateClientSecret();
    secretHash = secret !== undefined ? await hashClientSecret(secret) : (options.keepHash ?? null);
  }
  try {
    await deps.provider().Client.validate(providerMetadata(client, secretHash));
  } catch (error) {
    if (error instanceof providerErrors.InvalidClientMetadata) {
      throw invalidClient(error.error_description ?? error.message);
    }
    throw error;
  }
  return { entry: { client, secretHash }, ...(secret !== undefined ? { secret } : {}) };
}

const answer = (client: ClientDocument, secret?: string): ClientAnswer =>
  secret !== undefined ? { ...client, client_secret: secret } : client;

async function loadManaged(deps: FlowDeps, id: string): Promise<StoredClient> {
  const stored = await deps.clients.get(id);
  if (!stored) throw flowErrors.notFound("The requested OAuth 2.0 client does not exist.");
  if (stored.source === "config") {
    throw new FlowError(
      403,
      "forbidden",
      "This client is registered in the provider's configuration file; change it there.",
    );
  }
  return stored;
}

export async function createClient(deps: FlowDeps, body: unknown): Promise<ClientAnswer> {
  const { entry, secret } = await validated(deps, body, {});
  if (!(await deps.clients.insert({ ...entry, source: "admin" }))) {
    throw flowErrors.conflict("A client with this client_id already exists.");
  }
  return answer(entry.client, secret);
}

export async function listClients(
  deps: FlowDeps,
  query: { page_size?: number; page_token?: string; client_name?: string; owner?: string },
): Promise<{ clients: ClientDocument[]; next?: string }> {
  const limit = Math.min(Math.max(query.page_size ?? 250, 1), 500);
  const offset = /^\d+$/.test(query.page_token ?? "") ? Number(query.page_token) : 0;
  const clients = await deps.clients.list({
    limit: limit + 1,
    offset,
    ...(query.client_name !== undefined ? { clientName: query.client_name } : {}),
    ...(query.owner !== undefined ? { owner: query.owner } : {}),
  });
  const more = clients.length > limit;
  return { clients: clients.slice(0, limit), ...(more ? { next: String(offset + limit) } : {}) };
}

export async function getClient(deps: FlowDeps, id: string): Promise<ClientDocument> {
  const stored = await deps.clients.get(id);
  if (!stored) throw flowErrors.notFound("The requested OAuth 2.0 client does not exist.");
  return stored.client;
}

/** PUT: the whole client anew; without `client_secret` the current secret stays. */
export async function setClient(deps: FlowDeps, id: string, body: unknown): Promise<ClientAnswer> {
  const stored = await loadManaged(deps, id);
  const { entry, secret } = await validated(
    deps,
    { ...(body as Record<string, unknown>), client_id: id },
    { id, createdAt: stored.client.created_at, keepHash: stored.secretHash },
  );
  if (!(await deps.clients.replace({ ...entry, source: "admin" }))) {
    throw flowErrors.notFound("The requested OAuth 2.0 client does not exist.");
  }
  return answer(entry.client, secret);
}

export async function patchClient(
  deps: FlowDeps,
  id: string,
  body: unknown,
): Promise<ClientAnswer> {
  const stored = await loadManaged(deps, id);
  let patched: Record<string, unknown>;
  try {
    const patch = body as Operation[];
    const copy = structuredClone(stored.client) as Record<string, unknown>;
    patched = jsonPatch.applyPatch(copy, patch, true, true, true).newDocument;
  } catch (error) {
    // The library's first line names the mistake; the lines after it print the whole client.
    if (error instanceof jsonPatch.JsonPatchError)
      throw flowErrors.invalid(error.message.split("\n")[0] ?? "invalid JSON Patch");
    if (error instanceof TypeError && error.message.startsWith("JSON-Patch:"))
      throw flowErrors.invalid("keys that reach the prototype cannot be patched");
    throw error;
  }
  const { created_at: _c, updated_at: _u, client_secret_expires_at: _e, ...input } = patched;
  return setClient(deps, id, input);
}

export async function deleteClient(deps: FlowDeps, id: string): Promise<void> {
  await loadManaged(deps, id);
  if (!(await deps.clients.delete(id))) {
    throw flowErrors.notFound("The requested OAuth 2.0 client does not exist.");
  }
}

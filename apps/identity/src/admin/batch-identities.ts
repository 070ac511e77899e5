import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { errors, HttpError } from "../http/errors.ts";
import { sendJson } from "../http/respond.ts";
import type { Identity } from "../identity/identity.ts";
import { isUniqueViolation } from "../persistence/errors.ts";
import { route, uuidPattern } from "../session/handlers.ts";
import { asObject, identityFromCreateBody } from "./identity-body.ts";

// Kratos's batchPatchIdentities (`PATCH /admin/identities`): up to 1,000 creates per request,
// each validated on its own, so one bad entry becomes an `error` entry and the rest go on. An
// entry whose email (or any identifier or address) an identity already holds, or an earlier
// entry of the same batch, is a 409 entry: running an import twice changes nothing. The
// accepted entries are written with one multi-row insert per table in one transaction.

export const maxBatchSize = 1000;

type PatchResult =
  | { action: "create"; identity: string; patch_id?: string }
  | { action: "error"; error: Record<string, unknown>; patch_id?: string };

interface Candidate {
  index: number;
  identity: Identity;
  patchId: string | undefined;
}

export function registerBatchIdentityRoutes(app: FastifyInstance, deps: Deps): void {
  app.patch("/admin/identities", route(deps, batchPatchIdentities, { json: "always" }));
}

function errorEntry(error: HttpError, patchId: string | undefined): PatchResult {
  const envelope = error.toEnvelope().error as Record<string, unknown>;
  return { action: "error", error: envelope, ...(patchId ? { patch_id: patchId } : {}) };
}

function exists(email: string): HttpError {
  return new HttpError(409, "The resource could not be created due to a conflict", {
    reason: `An identity with the identifier or address "${email.slice(0, 320)}" already exists.`,
  });
}

/** Every value that must stay unique across identities: identifiers and addresses. */
function uniqueValues(identity: Identity): string[] {
  return [
    ...identity.credentials.flatMap((c) => c.identifiers),
    ...identity.verifiable_addresses.map((a) => a.value),
    ...identity.recovery_addresses.map((a) => a.value),
  ];
}

async function parseEntry(
  deps: Deps,
  raw: unknown,
  index: number,
): Promise<Candidate | PatchResult> {
  let patchId: string | undefined;
  try {
    const entry = asObject(raw, `identities[${index}]`);
    if (entry.patch_id !== undefined) {
      if (typeof entry.patch_id !== "string" || !uuidPattern.test(entry.patch_id))
        throw errors.badRequest("patch_id must be a UUID.");
      patchId = entry.patch_id;
    }
    if (entry.create === undefined || entry.create === null)
      throw errors.badRequest("Each patch needs a `create` body; no other action is supported.");
    const identity = await identityFromCreateBody(deps, entry.create);
    addCodeCredential(identity, deps.now());
    return { index, identity, patchId };
  } catch (error) {
    if (error instanceof HttpError) return errorEntry(error, patchId);
    throw error;
  }
}

/**
 * A customer imported without any credential (the old shop's hash missing) gets an email `code`
 * credential, as a sign-up by email code would: its identifier is what `credentials_identifier`
 * finds (the web app's User migration check on the login screen), and it can sign in by code.
 */
function addCodeCredential(identity: Identity, now: Date): void {
  const email = identity.traits.email;
  if (identity.credentials.length > 0 || typeof email !== "string") return;
  const address = email.trim().toLowerCase();
  identity.credentials.push({
    id: crypto.randomUUID(),
    type: "code",
    identifiers: [address],
    config: { addresses: [{ channel: "email", address }] },
    version: 0,
    created_at: now,
    updated_at: now,
  });
}

async function batchPatchIdentities(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const body = asObject(ctx.request.body, "The request body");
  const entries = body.identities;
  if (!Array.isArray(entries)) throw errors.badRequest("identities must be an array of patches.");
  if (entries.length > maxBatchSize) {
    throw errors.badRequest(
      `A batch holds at most ${maxBatchSize} identities; this one has ${entries.length}.`,
    );
  }
  const parsed = await Promise.all(entries.map((entry, index) => parseEntry(deps, entry, index)));
  const results: PatchResult[] = [];
  const candidates: Candidate[] = [];
  for (const [index, item] of parsed.entries()) {
    if ("action" in item) results[index] = item;
    else candidates.push(item);
  }

  const taken = await deps.persistence.identities.findTakenIdentifiers(
    [...new Set(candidates.flatMap((c) => uniqueValues(c.identity)))],
    [...new Set(candidates.flatMap((c) => c.identity.credentials.map((k) => k.type)))],
  );
  const accepted: Candidate[] = [];
  for (const candidate of candidates) {
    const values = uniqueValues(candidate.identity);
    const clash = values.find((value) => taken.has(value));
    if (clash !== undefined) {
      results[candidate.index] = errorEntry(exists(clash), candidate.patchId);
      continue;
    }
    for (const value of values) taken.add(value);
    accepted.push(candidate);
  }

  await createAll(deps, accepted, results);
  sendJson(ctx.reply, 200, { identities: results });
}

/** One transaction for the batch; if another writer took a value meanwhile, one by one. */
async function createAll(deps: Deps, accepted: Candidate[], results: PatchResult[]): Promise<void> {
  const created = (c: Candidate): PatchResult => ({
    action: "create",
    identity: c.identity.id,
    ...(c.patchId ? { patch_id: c.patchId } : {}),
  });
  try {
    await deps.persistence.transaction((tx) =>
      tx.identities.createIdentities(accepted.map((c) => c.identity)),
    );
    for (const c of accepted) results[c.index] = created(c);
    return;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  for (const c of accepted) {
    try {
      await deps.persistence.transaction((tx) => tx.identities.createIdentity(c.identity));
      results[c.index] = created(c);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      results[c.index] = errorEntry(exists(uniqueValues(c.identity)[0] ?? ""), c.patchId);
    }
  }
}

import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { query } from "../http/context.ts";
import { errors, HttpError } from "../http/errors.ts";
import { sendJson } from "../http/respond.ts";
import type { Identity } from "../identity/identity.ts";
import { normaliseIdentifier } from "../identity/identity.ts";
import { conflictsWithOtherIdentity } from "../identity/traits.ts";
import {
  consentChangedEvent,
  emitWebhookEvent,
  newsletterStatusOf,
  type WebhookEvent,
} from "../outbox/webhooks/events.ts";
import { isUniqueViolation } from "../persistence/errors.ts";
import { route, uuidPattern } from "../session/handlers.ts";
import { registerBatchIdentityRoutes } from "./batch-identities.ts";
import { deleteIdentityWithNotices } from "./delete-identity.ts";
import {
  asObject,
  identityFromCreateBody,
  importCredentials,
  parseExternalId,
  parseMetadata,
  parseState,
  schemaFor,
  setTraits,
} from "./identity-body.ts";
import { toAdminIdentityJson } from "./identity-json.ts";
import { applyJsonPatch, JsonPatchError, parseJsonPatch, pointerTokens } from "./json-patch.ts";
import { decideWelcomeGift } from "./welcome-gift.ts";

// Kratos's admin identity API (identity/handler.go): create (with an optional password or an
// imported hash), get, list, update (PUT), patch (JSON Patch), delete, and the batch import
// (batch-identities.ts). Deleting an identity deletes its credentials, sessions, codes and
// flows with it (foreign keys cascade), so it is signed out everywhere at once.

const credentialTypes = new Set([
  "password",
  "oidc",
  "totp",
  "lookup_secret",
  "webauthn",
  "code",
  "passkey",
  "profile",
  "saml",
  "deviceauthn",
  "identifier_first",
  "link_recovery",
  "code_recovery",
]);
const patchableRoots = new Set(["traits", "metadata_public", "metadata_admin", "state"]);

export function registerIdentityRoutes(app: FastifyInstance, deps: Deps): void {
  const json = { json: "always" } as const;
  app.post("/admin/identities", route(deps, createIdentity, json));
  app.get("/admin/identities", route(deps, listIdentities, json));
  app.get("/admin/identities/:id", route(deps, getIdentity, json));
  app.put("/admin/identities/:id", route(deps, updateIdentity, json));
  app.patch("/admin/identities/:id", route(deps, patchIdentity, json));
  app.delete("/admin/identities/:id", route(deps, deleteIdentity, json));
  registerBatchIdentityRoutes(app, deps);
}

function conflict(cause?: unknown): HttpError {
  return new HttpError(409, "The resource could not be created due to a conflict", {
    reason: "This identity conflicts with another identity that already exists.",
    cause,
  });
}

function adminJson(
  ctx: Ctx,
  identity: Identity,
  includeCredentials?: ReadonlySet<string>,
): Record<string, unknown> {
  return toAdminIdentityJson(identity, ctx.deps.config.serve.public.base_url, {
    includeCredentials,
  });
}

export async function loadIdentity(ctx: Ctx): Promise<Identity> {
  const id = (ctx.request.params as { id: string }).id;
  const identity = await ctx.deps.persistence.identities.getIdentity(id);
  if (!identity) throw errors.notFound("Unable to locate the resource");
  return identity;
}

/**
 * Writes a new or changed identity, with the webhook events it causes in the same transaction;
 * identifiers or addresses taken by another identity: 409.
 */
async function save(
  ctx: Ctx,
  identity: Identity,
  mode: "create" | "update",
  events: (WebhookEvent | undefined)[] = [],
): Promise<void> {
  if (await conflictsWithOtherIdentity(ctx.deps, identity)) throw conflict();
  try {
    await ctx.deps.persistence.transaction(async (tx) => {
      for (const event of events) await decideWelcomeGift(tx, ctx.deps, identity, event);
      if (mode === "create") await tx.identities.createIdentity(identity);
      else await tx.identities.updateIdentity(identity);
      for (const event of events) {
        if (event) await emitWebhookEvent(tx, ctx.deps.config, event, ctx.deps.now());
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(error);
    throw error;
  }
}

async function createIdentity(ctx: Ctx): Promise<void> {
  const identity = await identityFromCreateBody(ctx.deps, ctx.request.body);
  await save(ctx, identity, "create");
  ctx.reply.header(
    "location",
    new URL(`admin/identities/${identity.id}`, ctx.deps.config.serve.admin.base_url).toString(),
  );
  sendJson(ctx.reply, 201, adminJson(ctx, identity));
}

async function getIdentity(ctx: Ctx): Promise<void> {
  const raw = (ctx.request.query as Record<string, unknown>).include_credential;
  const requested = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .map(String)
    .filter(Boolean);
  const invalid = requested.find((type) => !credentialTypes.has(type));
  if (invalid !== undefined)
    throw errors.badRequest(
      `Invalid value \`${invalid.slice(0, 64)}\` for parameter \`include_credential\`.`,
    );
  const identity = await loadIdentity(ctx);
  sendJson(ctx.reply, 200, adminJson(ctx, identity, new Set(requested)));
}

async function listIdentities(ctx: Ctx): Promise<void> {
  const params = query(ctx);
  const pageSize = Math.min(1000, Math.max(1, Number.parseInt(params.page_size ?? "", 10) || 250));
  const pageToken = params.page_token || undefined;
  if (pageToken !== undefined && !uuidPattern.test(pageToken))
    throw errors.badRequest("The page_token is not valid.");
  const identifier = params.credentials_identifier
    ? normaliseIdentifier(params.credentials_identifier)
    : undefined;
  const { identities, nextPageToken } = await ctx.deps.persistence.identities.listIdentities({
    pageSize,
    ...(pageToken ? { pageToken } : {}),
    ...(identifier !== undefined ? { identifier } : {}),
  });
  // Keyset pagination as Kratos sends it: a link to the first page and, unless last, the next.
  const link = (rel: string, token?: string): string => {
    const url = new URL("admin/identities", ctx.deps.config.serve.admin.base_url);
    if (params.credentials_identifier)
      url.searchParams.set("credentials_identifier", params.credentials_identifier);
    url.searchParams.set("page_size", String(pageSize));
    if (token) url.searchParams.set("page_token", token);
    return `<${url.toString()}>; rel="${rel}"`;
  };
  ctx.reply.header(
    "link",
    [link("first"), ...(nextPageToken ? [link("next", nextPageToken)] : [])].join(","),
  );
  sendJson(
    ctx.reply,
    200,
    identities.map((identity) => adminJson(ctx, identity)),
  );
}

/** PUT replaces traits, state and metadata; credentials only when the body carries them. */
async function updateIdentity(ctx: Ctx): Promise<void> {
  const body = asObject(ctx.request.body, "The request body");
  const identity = await loadIdentity(ctx);
  const consentBefore = newsletterStatusOf(identity);
  const now = ctx.deps.now();
  setState(identity, parseState(body.state, identity.state), now);
  identity.metadata_public = parseMetadata(body.metadata_public, "metadata_public");
  identity.metadata_admin = parseMetadata(body.metadata_admin, "metadata_admin");
  if ("external_id" in body) identity.external_id = parseExternalId(body.external_id);
  await importCredentials(ctx.deps, identity, body.credentials);
  const schemaId =
    body.schema_id === undefined || body.schema_id === "" ? identity.schema_id : body.schema_id;
  setTraits(identity, body.traits, schemaFor(ctx.deps, schemaId), now);
  await save(ctx, identity, "update", [consentChangedEvent(consentBefore, identity)]);
  sendJson(ctx.reply, 200, adminJson(ctx, identity));
}

async function patchIdentity(ctx: Ctx): Promise<void> {
  let patch: ReturnType<typeof parseJsonPatch>;
  try {
    patch = parseJsonPatch(ctx.request.body);
    for (const operation of patch) {
      for (const pointer of [operation.path, ...("from" in operation ? [operation.from] : [])]) {
        const [root, ...rest] = pointerTokens(pointer);
        if (!root || !patchableRoots.has(root) || (root === "state" && rest.length > 0)) {
          throw new JsonPatchError(
            `"${pointer.slice(0, 64)}" cannot be patched; allowed are /traits, /metadata_public, /metadata_admin and /state`,
          );
        }
      }
    }
  } catch (error) {
    throw patchError(error);
  }
  const identity = await loadIdentity(ctx);
  const consentBefore = newsletterStatusOf(identity);
  const document = {
    traits: identity.traits,
    metadata_public: identity.metadata_public,
    metadata_admin: identity.metadata_admin,
    state: identity.state as unknown,
  };
  let patched: typeof document;
  try {
    patched = applyJsonPatch(document, patch);
  } catch (error) {
    throw patchError(error);
  }
  const now = ctx.deps.now();
  if (typeof patched.state !== "string") throw errors.badRequest("The state must be a string.");
  setState(identity, parseState(patched.state, identity.state), now);
  identity.metadata_public = parseMetadata(patched.metadata_public, "metadata_public");
  identity.metadata_admin = parseMetadata(patched.metadata_admin, "metadata_admin");
  setTraits(identity, patched.traits, schemaFor(ctx.deps, identity.schema_id), now);
  await save(ctx, identity, "update", [consentChangedEvent(consentBefore, identity)]);
  sendJson(ctx.reply, 200, adminJson(ctx, identity));
}

function patchError(error: unknown): unknown {
  if (!(error instanceof JsonPatchError)) return error;
  return errors.badRequest(`An error occurred when applying the JSON patch: ${error.message}`, {
    cause: error,
  });
}

function setState(identity: Identity, state: Identity["state"], now: Date): void {
  if (identity.state === state) return;
  identity.state = state;
  identity.state_changed_at = now;
}

/** Deletes the identity, its email and webhook with it (delete-identity.ts). */
async function deleteIdentity(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const identity = await loadIdentity(ctx);
  await deps.persistence.transaction(async (tx) => {
    if (!(await deleteIdentityWithNotices(deps, tx, identity)))
      throw errors.notFound("Unable to locate the resource");
  });
  ctx.reply.code(204).send();
}

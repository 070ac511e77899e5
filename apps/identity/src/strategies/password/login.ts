import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { completeLogin, issueLoginSession } from "../../flows/login/complete-login.ts";
import type { LoginStrategy } from "../../flows/login/strategy.ts";
import { identifierStepNodes } from "../../flows/login/ui.ts";
import { requestMigrationEmail } from "../../flows/recovery/migration-email.ts";
import { runHooks } from "../../hooks/hook-executor.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import { getCredential, type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { recordFailedSignIn } from "../../limits/failed-sign-ins.ts";
import {
  clearLoginFailures,
  recordLoginFailure,
  throttleLogin,
} from "../../limits/login-throttle.ts";
import {
  addFlowMessage,
  anchorNode,
  inputAttributes,
  resetMessages,
  setInputValue,
} from "../../ui/nodes.ts";
import { loginOrder, sortNodes } from "../../ui/sort-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { verifyWithMigrationHook } from "./migrate-hook.ts";

const maxIdentifierLength = 320;

export const passwordLogin: LoginStrategy = {
  method: "password",
  // As the login flow always did: the password signs in whatever methods.password.enabled
  // says (settings and the forms follow it).
  isEnabled: () => true,
  isSubmit: (body) => optionalString(body, "method") === "password",
  submit: submitPasswordLogin,
};

async function submitPasswordLogin(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const rawIdentifier = optionalString(body, "identifier") ?? "";
  const password = optionalString(body, "password") ?? "";
  resetMessages(flow.payload.ui);
  flow.payload.active = "password";
  if (!rawIdentifier.trim() || !password) {
    return fail(
      ctx,
      flow,
      rawIdentifier,
      uiText(MessageId.missingProperty, {
        property: rawIdentifier.trim() ? "password" : "identifier",
      }),
    );
  }
  const identifier = normaliseIdentifier(rawIdentifier).slice(0, maxIdentifierLength);
  const failures = await throttleLogin(deps, identifier);

  const checked = await checkPassword(ctx, identifier, password);
  if (!checked) {
    await recordLoginFailure(deps, identifier);
    await recordFailedSignIn(deps, ctx.request, identifier);
    // Imported without a password: the same answer, and the way on by email (from a job).
    await requestMigrationEmail(ctx, flow, body, identifier);
    return fail(ctx, flow, rawIdentifier, uiText(MessageId.invalidCredentials));
  }
  const { identity, hash } = checked;
  // Nothing to clear (one query less per sign-in) when no failure was counted before.
  if (failures > 0) await clearLoginFailures(deps, identifier);
  if (identity.state !== "active")
    return fail(ctx, flow, rawIdentifier, uiText(MessageId.accountDisabled));
  if (hash && deps.hasher.needsRehash(hash)) await rehash(ctx, identity, password);

  // The configured login hooks that may refuse a sign-in (require_verified_address).
  const refusal = await runHooks(ctx, "loginCheck", { identity, identifier });
  if (refusal?.refused === "address_not_verified") {
    addFlowMessage(flow.payload.ui, uiText(MessageId.addressNotVerified));
    const link = new URL("self-service/verification/browser", deps.config.serve.public.base_url);
    if (flow.payload.return_to) link.searchParams.set("return_to", flow.payload.return_to);
    flow.payload.ui.nodes.push(
      anchorNode("default", "verification", link.toString(), uiText(MessageId.continue)),
    );
    setInputValue(flow.payload.ui, "password", undefined);
    await deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 400);
  }

  // After 4000027: only a sign-in to the account the social profile belongs to links it.
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch")
    return fail(ctx, flow, rawIdentifier, uiText(MessageId.linkedCredentialsMismatch));

  const issued = await issueLoginSession(ctx, flow, identity, { method: "password" });
  await completeLogin(ctx, flow, { identity, issued });
}

/**
 * The identity when the password is right. A wrong password costs the same whatever the
 * identifier (docs/security.md#no-timing-oracle): one lookup statement, found or not, then one
 * argon2id verify, of the stored hash or, for an unknown identifier and for accounts without a
 * password (social only, imported without a hash), of a dummy hash with the same parameters.
 * Only a right password loads the whole identity. Imported hashes of other kinds (bcrypt,
 * phpass, ...) cost what their kind costs until the first sign-in replaces them with argon2id;
 * accounts waiting for the password migration hook cost the old system's answer.
 */
async function checkPassword(
  ctx: Ctx,
  identifier: string,
  password: string,
): Promise<{ identity: Identity; hash: string | undefined } | undefined> {
  const { deps } = ctx;
  const credential = await deps.persistence.signInLookups.passwordCredential(identifier);
  const hash = credential?.hashed_password;
  const hookEnabled = deps.config.selfservice.methods.password.config.migrate_hook.enabled;
  let identity: Identity | undefined;
  let valid = false;
  if (hash) valid = await deps.hasher.verify(password, hash);
  else if (credential?.use_password_migration_hook && hookEnabled) {
    identity = await deps.persistence.identities.getIdentity(credential.identity_id);
    valid = identity ? await verifyWithMigrationHook(deps, identity, identifier, password) : false;
  } else await deps.hasher.verifyDummy(password);
  if (!valid || !credential) return undefined;
  identity ??= await deps.persistence.identities.getIdentity(credential.identity_id);
  return identity ? { identity, hash } : undefined;
}

async function fail(
  ctx: Ctx,
  flow: Flow,
  identifier: string,
  message: ReturnType<typeof uiText>,
): Promise<void> {
  // A password sent from identifier-first's first step: the answer is its second step.
  const firstStep = flow.payload.ui.nodes.some(
    (n) => n.group === "identifier_first" && inputAttributes(n)?.name === "method",
  );
  if (flow.payload.active === "password" && firstStep && identifier) {
    flow.payload.ui.nodes = identifierStepNodes(ctx.deps, flow.payload.ui.nodes, {
      identifier: identifier.slice(0, maxIdentifierLength),
    });
  }
  addFlowMessage(flow.payload.ui, message);
  // The identifier stays, the password never comes back.
  setInputValue(flow.payload.ui, "identifier", identifier.slice(0, maxIdentifierLength));
  setInputValue(flow.payload.ui, "password", undefined);
  // Kratos's login error handler sorts the nodes before it answers.
  sortNodes(flow.payload.ui.nodes, loginOrder);
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
}

/** Imported or older hashes are upgraded to the current argon2id parameters on sign-in. */
async function rehash(ctx: Ctx, identity: Identity, password: string): Promise<void> {
  const credential = getCredential(identity, "password");
  if (!credential) return;
  credential.config = {
    ...credential.config,
    hashed_password: await ctx.deps.hasher.hash(password),
  };
  credential.updated_at = ctx.deps.now();
  identity.updated_at = ctx.deps.now();
  await ctx.deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
}

import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { LoginStrategy, LoginVerdict } from "../../flows/login/strategy.ts";
import { identifierStepNodes } from "../../flows/login/ui.ts";
import { requestMigrationEmail } from "../../flows/recovery/migration-email.ts";
import { formMessage } from "../../flows/verdict.ts";
import { runHooks } from "../../hooks/hook-executor.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { getCredential, type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { anchorNode, inputAttributes, setInputValue } from "../../ui/nodes.ts";
import { loginOrder, sortNodes } from "../../ui/sort-nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import { verifyWithMigrationHook } from "./migrate-hook.ts";

const maxIdentifierLength = 320;

const fields = {
  method: "string",
  identifier: "string",
  password: "string",
  transient_payload: "value",
} as const;
type PasswordLoginBody = BodyOf<typeof fields>;

export const passwordLogin: LoginStrategy<PasswordLoginBody> = {
  method: "password",
  // As the login flow always did: the password signs in whatever methods.password.enabled
  // says (settings and the forms follow it).
  isEnabled: () => true,
  isSubmit: (body) => body.method === "password",
  body: bodySchema(fields, { kratos: "updateLoginFlowWithPasswordMethod" }),
  // Failures count per identifier typed, registered or not (limits/login-throttle.ts).
  throttleKey: ({ identifier, password }) =>
    identifier?.trim() && password ? normalisedIdentifier(identifier) : undefined,
  submit: submitPasswordLogin,
};

function normalisedIdentifier(typed: string): string {
  return normaliseIdentifier(typed).slice(0, maxIdentifierLength);
}

async function submitPasswordLogin(
  ctx: RequestCtx,
  flow: Flow,
  body: PasswordLoginBody,
): Promise<LoginVerdict> {
  const { deps } = ctx;
  const typed = body.identifier ?? "";
  const password = body.password ?? "";
  if (!typed.trim() || !password) {
    const property = typed.trim() ? "password" : "identifier";
    return refuse(ctx, flow, typed, uiText(MessageId.missingProperty, { property }));
  }
  const identifier = normalisedIdentifier(typed);
  const checked = await checkPassword(ctx, identifier, password);
  if (!checked) {
    // Imported without a password: the same answer, and the way on by email (from a job).
    await requestMigrationEmail(ctx, flow, body, identifier);
    return {
      ...refuse(ctx, flow, typed, uiText(MessageId.invalidCredentials)),
      wrongCredentials: true,
    };
  }
  const { identity, hash } = checked;
  if (identity.state !== "active")
    return refuse(ctx, flow, typed, uiText(MessageId.accountDisabled));
  if (hash && deps.hasher.needsRehash(hash)) await rehash(ctx, identity, password);

  // The configured login hooks that may refuse a sign-in (require_verified_address).
  const refusal = await runHooks(ctx, "loginCheck", { identity, identifier });
  if (refusal?.refused === "address_not_verified") {
    const link = new URL("self-service/verification/browser", deps.config.serve.public.base_url);
    if (flow.payload.return_to) link.searchParams.set("return_to", flow.payload.return_to);
    flow.payload.ui.nodes.push(
      anchorNode("default", "verification", link.toString(), uiText(MessageId.continue)),
    );
    setInputValue(flow.payload.ui, "password", undefined);
    return { result: "refused", messages: [formMessage(uiText(MessageId.addressNotVerified))] };
  }

  // After 4000027: only a sign-in to the account the social profile belongs to links it.
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch")
    return refuse(ctx, flow, typed, uiText(MessageId.linkedCredentialsMismatch));

  return { result: "signed_in", identity, factor: { method: "password" } };
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
  ctx: RequestCtx,
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

/** A refusal, with the form as the customer sees it next. */
function refuse(
  ctx: RequestCtx,
  flow: Flow,
  identifier: string,
  message: UiText,
): LoginVerdict & { result: "refused" } {
  // A password sent from identifier-first's first step: the answer is its second step.
  const firstStep = flow.payload.ui.nodes.some(
    (n) => n.group === "identifier_first" && inputAttributes(n)?.name === "method",
  );
  if (firstStep && identifier) {
    flow.payload.ui.nodes = identifierStepNodes(ctx.deps, flow.payload.ui.nodes, {
      identifier: identifier.slice(0, maxIdentifierLength),
    });
  }
  // The identifier stays, the password never comes back.
  setInputValue(flow.payload.ui, "identifier", identifier.slice(0, maxIdentifierLength));
  setInputValue(flow.payload.ui, "password", undefined);
  // Kratos's login error handler sorts the nodes before it answers.
  sortNodes(flow.payload.ui.nodes, loginOrder);
  return { result: "refused", messages: [formMessage(message)] };
}

/** Imported or older hashes are upgraded to the current argon2id parameters on sign-in. */
async function rehash(ctx: RequestCtx, identity: Identity, password: string): Promise<void> {
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

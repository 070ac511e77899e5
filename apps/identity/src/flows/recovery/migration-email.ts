import type { Deps } from "../../deps/deps.ts";
import type { AddressJob } from "../../hooks/address-job.ts";
import { addressJob, jobLocale } from "../../hooks/address-job.ts";
import type { Body } from "../../http/body.ts";
import type { RequestCtx } from "../../http/context.ts";
import { csrfSecretOf } from "../../http/csrf.ts";
import { needsMigration } from "../../identity/migration.ts";
import { firstMigrationEmail } from "../../limits/code-email-limit.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import type { JobHandler } from "../../outbox/jobs/job.ts";
import type { Flow } from "../flow.ts";
import { createRecoveryFlow, recoveryStrategy } from "./recovery-flow.ts";

// A customer imported without a password (identity/migration.ts) has none to sign in with. The
// sign-in must not tell that such an account exists (docs/security.md#no-timing-oracle): a
// password for it answers as any wrong password does, and the way on goes by email. Every
// failed password sign-in writes this job, so the answer costs the same whatever the address;
// the job looks the address up and, for such a customer, makes a recovery flow for the browser
// that tried (its CSRF secret taken from the login flow) and sends its code, with a link to the
// User migration screen (docs/newsletter-deletion-migration.md#customers-who-need-migration).

/** Writes the job for a failed password sign-in with `address`, whatever the address is. */
export async function requestMigrationEmail(
  ctx: RequestCtx,
  loginFlow: Flow,
  body: Body,
  address: string,
): Promise<void> {
  const job = addressJob(ctx.request, body, loginFlow, address, 0);
  await enqueueJob(ctx.deps.persistence, { kind: "migration_email", payload: { ...job } });
}

/**
 * The job: only a browser's sign-in (the link opens a browser screen), only an active account
 * that needs migration, only while recovery is on, and one email per address while its code
 * is valid, however often a password is tried. Anything else ends quietly.
 */
export function migrationEmailJob(deps: Deps): JobHandler {
  return async (payload) => {
    const job = payload as unknown as AddressJob;
    if (!deps.config.selfservice.flows.recovery.enabled) return;
    const login = await deps.persistence.flows.getFlow(String(job.flow_id), "login");
    const csrfSecret = login?.type === "browser" ? csrfSecretOf(login.csrf_token) : undefined;
    if (!csrfSecret) return;
    const identity = await deps.persistence.identities.findIdentityByRecoveryAddress(job.address);
    if (identity?.state !== "active" || !needsMigration(identity)) return;
    if (!(await firstMigrationEmail(deps, job.address))) return;
    const strategy = recoveryStrategy(deps);
    const request = { url: "/self-service/recovery/browser", csrfSecret };
    const flow = createRecoveryFlow({ deps, request }, "browser", undefined);
    await deps.persistence.transaction(async (tx) => {
      flow.internal.recoveryRound = 1;
      strategy.markSent(flow, job.address);
      await tx.flows.createFlow(flow);
      await strategy.sendTo(deps, tx, {
        flow,
        identity,
        address: job.address,
        locale: jobLocale(job, identity),
      });
    });
  };
}

/**
 * Where the recovery email of a customer who needs migration leads: the User migration screen
 * (`selfservice.flows.recovery.migration_ui_url`), else the recovery screen, with the flow.
 */
export function migrationLink(deps: Deps, flowId: string): string {
  const { recovery } = deps.config.selfservice.flows;
  const url = new URL(recovery.migration_ui_url ?? recovery.ui_url);
  url.searchParams.set("flow", flowId);
  return url.toString();
}

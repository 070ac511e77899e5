// The login screen's email step leads an imported customer without a password here instead of
// to a password they do not have (docs/newsletter-deletion-migration.md#in-the-web-app): the code goes out at once and the migration
// screen asks for it. Checked through the admin API, on the server, before the identity
// service's own email step.

import type { FormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import type { Locale } from "../../lib/locale";
import { beginMigration } from "./migration.server";

/** The target behind the login flow's return_to (init-url.ts wraps it in /api/redirect). */
export function originalReturnTo(
  flowReturnTo: string | undefined,
  publicBaseUrl: string,
): string | undefined {
  if (!flowReturnTo) return undefined;
  const gate = `${publicBaseUrl}/api/redirect`;
  if (!flowReturnTo.startsWith(gate)) return flowReturnTo;
  return new URL(flowReturnTo).searchParams.get("return_to") ?? undefined;
}

export async function leadToMigration(
  loginFlowId: string | undefined,
  email: string,
  locale: Locale,
  state: FormState,
): Promise<FormState> {
  const client = await createIdentityClient();
  const loginFlow = loginFlowId
    ? await client.call((api) => api.getLoginFlow({ id: loginFlowId })).catch(() => undefined)
    : undefined;
  const returnTo = originalReturnTo(loginFlow?.return_to, config.publicBaseUrl);
  const target = await beginMigration(client, { email, returnTo }, locale);
  return finishSubmit({ redirectTo: target, setCookies: client.setCookies }, state, {
    flow: "login",
    locale,
  });
}

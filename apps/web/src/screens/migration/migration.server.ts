// The User migration journey's calls, all Kratos self-service calls made by this server with
// the browser's cookies (docs/newsletter-deletion-migration.md#in-the-web-app): a recovery flow
// (method code) sends the code and checks it; the privileged session it gives sets the password
// through a settings flow. No admin call: who needs migration is the identity service's to know,
// and it tells only the customer, by email.

import type { RecoveryFlow } from "@ory/client-fetch";
import { findInput, nodeValue } from "../../flow-engine/nodes";
import type { IdentityClient } from "../../lib/identity-client";
import { type Locale, localizedHref } from "../../lib/locale";
import { reportError } from "../../lib/report-error";

export function csrfOf(flow: { ui: { nodes: RecoveryFlow["ui"]["nodes"] } }): string | undefined {
  return nodeValue(findInput(flow.ui.nodes, "csrf_token"));
}

/** Starts a recovery flow for this browser and sends the code to `email`. */
export async function sendMigrationCode(
  client: IdentityClient,
  email: string,
  locale: Locale,
): Promise<RecoveryFlow> {
  const flow = await client.call((api) => api.createBrowserRecoveryFlow());
  return client.call((api) =>
    api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: {
        method: "code",
        email,
        csrf_token: csrfOf(flow),
        transient_payload: { locale },
      },
    }),
  );
}

export interface MigrationQuery {
  readonly email: string;
  readonly returnTo: string | undefined;
}

/** The migration screen: `flow` = the recovery flow, `settings` = the settings flow after the code. */
export function migrationHref(
  locale: Locale,
  query: MigrationQuery,
  extra: Readonly<Record<string, string | undefined>> = {},
): string {
  return localizedHref(locale, "/migration", {
    email: query.email,
    return_to: query.returnTo,
    ...extra,
  });
}

/**
 * "Code senden" on the migration screen (opened without a flow, or its flow expired): sends the
 * code and shows the migration screen with the new recovery flow (its CSRF cookie goes to the
 * browser). Like every recovery request it answers alike for every address.
 */
export async function beginMigration(
  client: IdentityClient,
  query: MigrationQuery,
  locale: Locale,
): Promise<string> {
  try {
    const flow = await sendMigrationCode(client, query.email, locale);
    return migrationHref(locale, query, { flow: flow.id });
  } catch (error) {
    await reportError(error, { flow: "migration" });
    return migrationHref(locale, query, { error: "generic" });
  }
}

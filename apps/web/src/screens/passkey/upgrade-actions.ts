"use server";

// The server half of the automatic passkey upgrade the login form runs after a password
// sign-in (flow-engine/webauthn/automatic-upgrade.ts): a settings flow for the new session,
// whose `passkey_upgrade_data` the identity service offers only right after a password
// sign-in to an account without passkeys; then the passkey the browser made, posted to it as
// `passkey_upgrade_register`. Against an identity service without the upgrade (Ory Kratos)
// there is no such node and nothing happens. Refusals are expected (the browser made nothing
// usable) and stay silent; only the unexpected is reported.

import type { SettingsFlow } from "@ory/client-fetch";
import { findInput, hiddenFields, nodeValue } from "../../flow-engine/nodes";
import type { UpgradeCeremony } from "../../flow-engine/webauthn/automatic-upgrade";
import { createIdentityClient, relayCookies } from "../../lib/identity.server";
import { IdentityError } from "../../lib/identity-client";
import { reportError } from "../../lib/report-error";

async function reportUnexpected(error: unknown): Promise<void> {
  if (error instanceof IdentityError && error.status > 0 && error.status < 500) return;
  await reportError(error, { flow: "settings" });
}

export async function beginPasskeyUpgrade(): Promise<UpgradeCeremony | undefined> {
  const client = await createIdentityClient();
  try {
    const flow = await client.call((api) => api.createBrowserSettingsFlow());
    const data = nodeValue(findInput(flow.ui.nodes, "passkey_upgrade_data"));
    const csrfToken = hiddenFields(flow.ui.nodes).find((f) => f.name === "csrf_token")?.value;
    const options = data ? (JSON.parse(data) as { publicKey?: UpgradeCeremony["options"] }) : {};
    if (!options.publicKey || !csrfToken) return undefined;
    await relayCookies(client.setCookies);
    return { flowId: flow.id, csrfToken, options: options.publicKey };
  } catch (error) {
    await reportUnexpected(error);
    return undefined;
  }
}

export async function finishPasskeyUpgrade(
  ceremony: UpgradeCeremony,
  response: string,
): Promise<boolean> {
  // Arguments of a server action come from the browser: only strings go on.
  const { flowId, csrfToken } = ceremony ?? {};
  if (typeof flowId !== "string" || typeof csrfToken !== "string" || typeof response !== "string")
    return false;
  const client = await createIdentityClient();
  try {
    // Our own field, which the SDK's model of the passkey body does not have: the client's POST.
    await client.post<SettingsFlow>(
      "/self-service/settings",
      { method: "passkey", passkey_upgrade_register: response, csrf_token: csrfToken },
      { query: { flow: flowId } },
    );
    await relayCookies(client.setCookies);
    return true;
  } catch (error) {
    await reportUnexpected(error);
    return false;
  }
}

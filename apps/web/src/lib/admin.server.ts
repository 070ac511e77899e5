// The identity service's admin API, for what Kratos and Ory Network offer no self-service call
// for: the newsletter consent record (metadata_admin), account deletion, the data export and
// spotting customers imported from the old shop. Server code only: the token (ORY_ADMIN_TOKEN,
// an Ory API key on Ory Network) grants everything and must never reach a browser.

import { Configuration, IdentityApi, type Middleware } from "@ory/client-fetch";
import { config } from "./config";
import { currentRequestId } from "./request-context.server";

export class AdminNotConfiguredError extends Error {
  override readonly name = "AdminNotConfiguredError";
}

/** True when ORY_ADMIN_URL and ORY_ADMIN_TOKEN are set. */
export function hasAdminApi(): boolean {
  return config.oryAdminUrl !== undefined && config.oryAdminToken !== undefined;
}

/** The current request's id on every admin call, so both services' logs share it. */
const withRequestId: Middleware = {
  pre: async ({ url, init }) => {
    const requestId = await currentRequestId();
    if (!requestId) return { url, init };
    const headers = new Headers(init.headers);
    headers.set("x-request-id", requestId);
    return { url, init: { ...init, headers } };
  },
};

function adminConfiguration(): Configuration {
  if (!config.oryAdminUrl || !config.oryAdminToken) {
    throw new AdminNotConfiguredError("ORY_ADMIN_URL and ORY_ADMIN_TOKEN must be set");
  }
  return new Configuration({
    basePath: config.oryAdminUrl,
    accessToken: config.oryAdminToken,
    headers: { Accept: "application/json" },
    middleware: [withRequestId],
    fetchApi: (input, init) => fetch(input, { ...init, cache: "no-store" }),
  });
}

/** Kratos's IdentityApi on the admin URL with the admin token. */
export function adminApi(): IdentityApi {
  return new IdentityApi(adminConfiguration());
}

/** The admin URL and token, for the one call the SDK has no method for (courier-messages.server.ts). */
export function adminEndpoint(): { readonly url: string; readonly token: string } {
  const configuration = adminConfiguration();
  return { url: configuration.basePath, token: config.oryAdminToken ?? "" };
}

/** The headers of a plain admin call: the token and the current request's id. */
export async function adminHeaders(token: string): Promise<Record<string, string>> {
  const requestId = await currentRequestId();
  return {
    authorization: `Bearer ${token}`,
    ...(requestId ? { "x-request-id": requestId } : {}),
  };
}

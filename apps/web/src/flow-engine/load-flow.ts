// Loads the flow a screen shows (`?flow=`), on the server, with the browser's cookies. Known
// errors become redirects (flow-error.ts); anything else is reported and the screen shows the
// start-flow error.

import type { FrontendApi } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { config } from "../lib/config";
import { createIdentityClient } from "../lib/identity.server";
import { IdentityError } from "../lib/identity-client";
import { toOwnOrigin, toOwnPath } from "../lib/identity-url";
import { type Locale, localizedHref } from "../lib/locale";
import { reportError } from "../lib/report-error";
import { type FlowName, isUnavailable, nextStepForError } from "./flow-error";
import { queryParam, retryQuery, type SearchParams } from "./screen-query";
import { stepUrl } from "./step-url";

/** After a sign-in, come back to a new settings flow (always an allowed return URL). */
export const SETTINGS_RETURN_TO = `${config.publicBaseUrl}/self-service/settings/browser`;

export async function loadFlow<T>(options: LoadFlowOptions<T>): Promise<T | undefined> {
  const loaded = await fetchFlow(options);
  return loaded === UNAVAILABLE ? undefined : loaded;
}

interface LoadFlowOptions<T> {
  readonly flow: FlowName;
  readonly flowId: string;
  readonly locale: Locale;
  readonly fetch: (api: FrontendApi, id: string) => Promise<T>;
}

/** The identity service was briefly unavailable (503): the flow is fine, ask again soon. */
const UNAVAILABLE: unique symbol = Symbol("unavailable");

async function fetchFlow<T>(
  options: LoadFlowOptions<T>,
): Promise<T | undefined | typeof UNAVAILABLE> {
  const client = await createIdentityClient();
  try {
    return await client.call((api) => options.fetch(api, options.flowId));
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    // An outage, not a bug: nothing to report (docs/production.md#when-the-database-is-down).
    if (isUnavailable(error)) return UNAVAILABLE;
    const step = nextStepForError(
      { status: error.status, data: error.data, location: error.headers?.get("location") },
      { flow: options.flow, returnTo: SETTINGS_RETURN_TO },
    );
    if (step.type !== "unhandled") {
      const url = toOwnOrigin(stepUrl(step, options.locale), config.orySdkUrl);
      redirect(toOwnPath(url, config.publicBaseUrl, options.locale));
    }
    await reportError(error, { flow: options.flow, flowId: options.flowId });
    return undefined;
  }
}

/** A screen's flow from its query, or what its root shows instead (ScreenRoot's props). */
export type ScreenFlow<T> =
  | { readonly flow: T; readonly error: string | undefined }
  | { readonly flow: undefined; readonly root: { reason: string | undefined; retryHref: string } };

/**
 * Reads `?flow=` and `?error=` and loads the flow. Without a flow id (a screen root with
 * `?error=`) or when loading fails for an unknown reason (start-flow error, `reason`
 * undefined), the screen shows its root with a way to start again; while the identity service
 * is briefly unavailable (`service_unavailable`), with a way to load the same flow again.
 */
export async function loadScreenFlow<T>(options: {
  readonly flow: FlowName;
  readonly screenPath: string;
  readonly locale: Locale;
  readonly query: SearchParams;
  readonly fetch: (api: FrontendApi, id: string) => Promise<T>;
}): Promise<ScreenFlow<T>> {
  const { locale, query } = options;
  const flowId = queryParam(query, "flow");
  const error = queryParam(query, "error");
  const retryHref = localizedHref(locale, options.screenPath, retryQuery(query, error));
  if (!flowId) return { flow: undefined, root: { reason: error, retryHref } };
  const flow = await fetchFlow({ flow: options.flow, flowId, locale, fetch: options.fetch });
  if (flow === UNAVAILABLE) {
    // Trying again shows the same flow: what was entered in it so far is kept.
    const again = localizedHref(locale, options.screenPath, {
      ...retryQuery(query, error),
      flow: flowId,
    });
    return { flow: undefined, root: { reason: "service_unavailable", retryHref: again } };
  }
  if (flow === undefined) return { flow: undefined, root: { reason: undefined, retryHref } };
  return { flow, error };
}

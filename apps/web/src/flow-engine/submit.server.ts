// The end of every server action that called the identity service: relay its cookies, report
// what nobody expected, and send the browser on.
//
// A redirect() from a server action is followed by Next's client router when JavaScript runs.
// That is right for our screens, but the identity service's own paths (proxied
// /self-service/..., e.g. a refresh login or the logout URL) and other sites must be loaded as
// documents: for those the action answers `navigateTo` and the form does
// window.location.assign(). Without JavaScript the browser simply follows the 303.

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { config } from "../lib/config";
import { relayCookies } from "../lib/identity.server";
import { toOwnOrigin, toOwnPath } from "../lib/identity-url";
import type { Locale } from "../lib/locale";
import { reportError } from "../lib/report-error";
import type { FormState } from "./form/form-state";
import type { SubmitOutcome } from "./submit";

// The identity service's proxied paths and our route handlers (/api/redirect).
const DOCUMENT_PATHS = /^\/(self-service|sessions|\.well-known\/ory|schemas|api)(\/|$|\?)/;
// A flow screen opened without ?flow= redirects (on the server) to start its flow; the client
// router would keep the address without the flow id, so such targets load as documents too.
const FLOW_SCREEN =
  /^(\/en)?\/(login|registration|recovery|verification|settings)(\/password|\/two-factor)?\/?(\?|$)/;

/** True when the target must be loaded as a document rather than by the client router. */
export function needsDocumentNavigation(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//")) return true;
  if (DOCUMENT_PATHS.test(url)) return true;
  return FLOW_SCREEN.test(url) && !/[?&]flow=/.test(url);
}

export async function finishSubmit(
  outcome: SubmitOutcome,
  state: FormState,
  context: {
    readonly flow: string;
    readonly locale: Locale;
    /** The form as it was sent, when `state` is what it shows after the call went through. */
    readonly asSent?: FormState;
  },
): Promise<FormState> {
  await relayCookies(outcome.setCookies);
  if (outcome.unexpected) await reportError(outcome.unexpected, { flow: context.flow });
  // An outage, not a bug: nothing to report; the form keeps what was typed.
  if (outcome.unavailable) return { ...(context.asSent ?? state), notice: "unavailable" };
  if (outcome.redirectTo === undefined) return state;
  // Our own screens (also as absolute URLs from the identity service) are shown by the
  // client router, in the user's language; everything else is loaded as a document.
  const target = toOwnPath(
    toOwnOrigin(outcome.redirectTo, config.orySdkUrl),
    config.publicBaseUrl,
    context.locale,
  );
  const calledByScript = (await headers()).has("next-action");
  if (calledByScript && needsDocumentNavigation(target)) return { ...state, navigateTo: target };
  redirect(target);
}

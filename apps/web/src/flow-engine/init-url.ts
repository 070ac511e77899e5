// Screens that show a self-service flow, and the URL that starts one (docs/protocol.md#endpoints). A screen
// opened without `?flow=` starts its flow: the proxy asks the identity service itself where it
// can (flow-engine/start-flow.ts), otherwise it sends the browser to `/self-service/<flow>/browser`
// (proxied to the identity service, so its CSRF cookie lands on this origin), which answers 303
// back to the screen with `?flow=`.

import type { FlowName, Screen } from "./flow-error";

/** Screen path (without locale prefix) -> the flow it shows. */
export const FLOW_SCREENS: Readonly<Record<string, FlowName>> = {
  "/login": "login",
  "/registration": "registration",
  "/recovery": "recovery",
  "/verification": "verification",
  "/settings": "settings",
  "/settings/password": "settings",
  "/settings/two-factor": "settings",
};

/** The screen path of each flow (where the identity service's UI URLs point). */
export const SCREEN_PATHS: Readonly<Record<Screen, string>> = {
  home: "/",
  "settings-password": "/settings/password",
  "settings-two-factor": "/settings/two-factor",
  login: "/login",
  registration: "/registration",
  recovery: "/recovery",
  verification: "/verification",
  settings: "/settings",
};

/** Query parameters each browser init endpoint accepts (SPEC.md §7). */
const INIT_PARAMS: Readonly<Record<FlowName, readonly string[]>> = {
  login: ["return_to", "refresh", "aal", "login_challenge", "organization", "via"],
  registration: ["return_to", "login_challenge", "after_verification_return_to", "organization"],
  recovery: ["return_to"],
  verification: ["return_to"],
  settings: ["return_to"],
};

/**
 * Where a sign-in (login or registration) returns: through /api/redirect, which asks the
 * newsletter question first when it is unanswered and then goes on to `returnTo`
 * (consent-gate.server.ts explains why there).
 */
export function signInReturnTo(returnTo: string | undefined, publicBaseUrl: string): string {
  const gate = `${publicBaseUrl}/api/redirect`;
  if (returnTo?.startsWith(gate)) return returnTo;
  return returnTo ? `${gate}?${new URLSearchParams({ return_to: returnTo })}` : gate;
}

/**
 * The init parameters of a browser flow, from the screen's query. A settings flow without
 * return_to comes back to settings after a sign-in: `<public>/self-service/...` is always an
 * allowed return URL for the identity service. Sign-ins return through /api/redirect
 * (signInReturnTo).
 */
export function flowInitQuery(
  flow: FlowName,
  query: URLSearchParams,
  publicBaseUrl: string,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of INIT_PARAMS[flow]) {
    const value = query.get(name);
    if (value) params.set(name, value);
  }
  if (flow === "login" || flow === "registration") {
    params.set("return_to", signInReturnTo(params.get("return_to") ?? undefined, publicBaseUrl));
  }
  if (flow === "settings" && !params.has("return_to")) {
    params.set("return_to", `${publicBaseUrl}/self-service/settings/browser`);
  }
  return params;
}

/** The path (on this origin) that starts a browser flow, keeping the screen's init parameters. */
export function flowInitPath(
  flow: FlowName,
  query: URLSearchParams,
  publicBaseUrl: string,
): string {
  const qs = flowInitQuery(flow, query, publicBaseUrl).toString();
  return `/self-service/${flow}/browser${qs ? `?${qs}` : ""}`;
}

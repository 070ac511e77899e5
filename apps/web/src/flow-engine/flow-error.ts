// What to do when the identity service answers a flow call with an error: a pure mapping from
// the error (status, body, Location) to the next step, following SPEC.md §4 and the reference
// UI's handleFlowError (docs/protocol.md#what-a-ui-does-with-errors). Pages and server actions turn the step into a redirect.

import { type ErrorId, isErrorId } from "@moos/contract";

export type FlowName = "login" | "registration" | "recovery" | "verification" | "settings";
export type Screen = FlowName | "settings-password" | "settings-two-factor" | "home";

export type NextStep =
  /** Send the browser to this URL (absolute, or a path on this origin outside the screens). */
  | { readonly type: "redirect"; readonly url: string }
  /** Send the browser to one of our screens (the caller adds the locale prefix). */
  | {
      readonly type: "screen";
      readonly screen: Screen;
      readonly query: Readonly<Record<string, string>>;
    }
  /** Not a known case: show the generic error / start-flow error and report it. */
  | { readonly type: "unhandled" };

export interface FlowErrorInput {
  readonly status: number;
  readonly data: unknown;
  /** The Location header of a 3xx answer (submits are sent with redirect: manual). */
  readonly location?: string | null;
}

export interface FlowErrorContext {
  readonly flow: FlowName;
  /** The screen showing the flow, when it is not the flow's main screen (settings/password). */
  readonly screen?: Screen;
  /** Where to come back after signing in (settings without a session). */
  readonly returnTo?: string;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The `error` object of a Kratos error envelope, or undefined. */
function envelope(data: unknown): Record<string, unknown> | undefined {
  return asRecord(asRecord(data)?.error);
}

/**
 * The identity service is briefly unavailable (503, `service_unavailable`: its database is away,
 * docs/production.md#when-the-database-is-down): nothing is wrong with the flow, the same
 * request will work in a moment, so the screen keeps what it has and offers to try again.
 */
export function isUnavailable(input: { readonly status: number; readonly data: unknown }): boolean {
  return input.status === 503 || errorIdOf(input.data) === "service_unavailable";
}

export function errorIdOf(data: unknown): ErrorId | undefined {
  const id = envelope(data)?.id;
  return isErrorId(id) ? id : undefined;
}

/** A flow object sent as an error body (400 validation errors: "the body is the new flow"). */
export function flowIdOf(data: unknown): string | undefined {
  const body = asRecord(data);
  return body && asRecord(body.ui) ? asString(body.id) : undefined;
}

function redirectBrowserTo(data: unknown): string | undefined {
  return (
    asString(asRecord(data)?.redirect_browser_to) ??
    asString(asRecord(envelope(data)?.details)?.redirect_browser_to)
  );
}

function verificationFlowId(data: unknown): string | undefined {
  const continueWith = asRecord(envelope(data)?.details)?.continue_with;
  if (!Array.isArray(continueWith)) return undefined;
  for (const item of continueWith) {
    const entry = asRecord(item);
    if (entry?.action === "show_verification_ui") return asString(asRecord(entry.flow)?.id);
  }
  return undefined;
}

/** The flow id a redirect points at: `…/flows?id=<id>` or `<ui>?flow=<id>`. */
function flowIdFromLocation(location: string): string | undefined {
  try {
    const url = new URL(location, "http://placeholder.invalid");
    const flowId = asString(url.searchParams.get("flow"));
    if (flowId) return flowId;
    return url.pathname.endsWith("/flows") ? asString(url.searchParams.get("id")) : undefined;
  } catch {
    return undefined;
  }
}

const screen = (name: Screen, query: Readonly<Record<string, string>> = {}): NextStep => ({
  type: "screen",
  screen: name,
  query,
});

function stepForErrorId(id: ErrorId, input: FlowErrorInput, context: FlowErrorContext): NextStep {
  const flow = context.screen ?? context.flow;
  switch (id) {
    case "session_already_available":
      return { type: "redirect", url: "/api/redirect" };
    case "session_refresh_required":
    case "browser_location_change_required":
    case "session_aal2_required": {
      const url = redirectBrowserTo(input.data);
      if (url) return { type: "redirect", url };
      return id === "session_aal2_required"
        ? screen("login", { aal: "aal2" })
        : { type: "unhandled" };
    }
    case "session_inactive":
      return screen("login", context.returnTo ? { return_to: context.returnTo } : {});
    case "session_verified_address_required": {
      const flowId = verificationFlowId(input.data);
      return screen("verification", flowId ? { flow: flowId } : {});
    }
    case "self_service_flow_expired":
    case "self_service_flow_replaced": {
      const useFlowId = asString(asRecord(input.data)?.use_flow_id);
      if (useFlowId) return screen(flow, { flow: useFlowId });
      return screen(flow, { error: id });
    }
    case "self_service_flow_return_to_forbidden":
    case "security_csrf_violation":
      return screen(flow, { error: id });
    case "security_identity_mismatch":
      return screen(flow);
    default:
      return input.status === 410 ? screen("home") : { type: "unhandled" };
  }
}

export function nextStepForError(input: FlowErrorInput, context: FlowErrorContext): NextStep {
  const own = context.screen ?? context.flow;
  if (input.status >= 300 && input.status < 400) {
    const flowId = input.location ? flowIdFromLocation(input.location) : undefined;
    if (flowId) return screen(own, { flow: flowId });
    return input.location ? { type: "redirect", url: input.location } : { type: "unhandled" };
  }
  const flowId = flowIdOf(input.data);
  if (flowId && input.status === 400) return screen(own, { flow: flowId });

  const id = errorIdOf(input.data);
  if (id) return stepForErrorId(id, input, context);

  // Answers without an error id (docs/protocol.md#quirks: whoami and settings 401, settings 410).
  if (input.status === 410) return screen("home");
  if (input.status === 401) {
    return screen("login", context.returnTo ? { return_to: context.returnTo } : {});
  }
  if (input.status === 404) return screen(own);
  return { type: "unhandled" };
}

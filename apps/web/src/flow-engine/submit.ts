// The server side of every form: call the identity service with the browser's cookies, then
// decide where the browser goes next. Kept free of Next's request APIs so it can be tested
// with the SDK mocked at the fetch level; submit.server.ts relays the cookies and redirects.

import type { FrontendApi, UiContainer } from "@ory/client-fetch";
import { type IdentityClient, IdentityError } from "../lib/identity-client";
import type { Locale } from "../lib/locale";
import {
  type FlowName,
  flowIdOf,
  isUnavailable,
  type NextStep,
  nextStepForError,
  type Screen,
} from "./flow-error";
import { stepUrl } from "./step-url";

/** `?error=` values our screens know besides the identity service's error ids. */
export type LocalErrorReason = "generic" | "network" | "rate_limited";

export interface SubmitContext {
  readonly flow: FlowName;
  /** The screen the form is on, when it is not the flow's main screen. */
  readonly screen?: Screen;
  readonly flowId: string;
  readonly locale: Locale;
  /** Where a sign-in should come back to, when the call finds no session. */
  readonly returnTo?: string;
}

export interface SubmitOutcome {
  /** Where the browser goes next; undefined: the form stays and shows its own answer. */
  readonly redirectTo?: string;
  /** Set-Cookie headers from the identity service, to relay to the browser. */
  readonly setCookies: readonly string[];
  /** An error nobody expected: to report. */
  readonly unexpected?: IdentityError;
  /** The identity service was briefly unavailable: the form stays and says so. */
  readonly unavailable?: true;
}

/** A flow as an error body carries it: its id and its form. */
export interface FlowAnswer {
  readonly id: string;
  readonly active?: string;
  readonly ui: UiContainer;
}

function reasonFor(error: IdentityError): LocalErrorReason {
  if (error.status === 0) return "network";
  if (error.status === 429) return "rate_limited";
  return "generic";
}

export async function runSubmit<T>(options: {
  readonly client: IdentityClient;
  readonly context: SubmitContext;
  readonly call: (api: FrontendApi) => Promise<T>;
  readonly onSuccess: (result: T) => NextStep;
  /**
   * The answer is the flow again (400, docs/protocol.md#registration-form), e.g. the next step of identifier-first
   * login: by default the browser goes to the flow's screen; return a step to go elsewhere, or
   * undefined to stay on the form.
   */
  readonly onFlow?: (flow: FlowAnswer) => NextStep | undefined;
}): Promise<SubmitOutcome> {
  const { client, context } = options;
  try {
    const result = await client.call(options.call);
    const step = options.onSuccess(result);
    if (step.type !== "unhandled") {
      return { redirectTo: stepUrl(step, context.locale), setCookies: client.setCookies };
    }
    return {
      redirectTo: stepUrl(screenWithError(context, "generic"), context.locale),
      setCookies: client.setCookies,
    };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    if (isUnavailable(error)) return { setCookies: client.setCookies, unavailable: true };
    if (options.onFlow && error.status === 400 && flowIdOf(error.data)) {
      const next = options.onFlow(error.data as FlowAnswer);
      if (next === undefined || next.type === "unhandled") return { setCookies: client.setCookies };
      return { redirectTo: stepUrl(next, context.locale), setCookies: client.setCookies };
    }
    const step = nextStepForError(
      { status: error.status, data: error.data, location: error.headers?.get("location") },
      context,
    );
    if (step.type !== "unhandled") {
      return { redirectTo: stepUrl(step, context.locale), setCookies: client.setCookies };
    }
    return {
      redirectTo: stepUrl(screenWithError(context, reasonFor(error)), context.locale),
      setCookies: client.setCookies,
      unexpected: error,
    };
  }
}

function screenWithError(
  context: SubmitContext,
  error: LocalErrorReason,
): Extract<NextStep, { type: "screen" }> {
  return {
    type: "screen",
    screen: context.screen ?? context.flow,
    query: { flow: context.flowId, error },
  };
}

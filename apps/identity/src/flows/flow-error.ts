import { errors, type HttpError } from "../http/errors.ts";

// A method or a flow step that cannot go on with this request says so by throwing a FlowError,
// as Kratos's flow handlers return their typed errors (flow.ErrorBrowserLocationChangeRequired,
// settings.FlowNeedsReAuth, session.ErrNoActiveSessionFound): nothing is saved, and the route
// answers once. A browser navigating the flow is sent to `browserTo`; a JSON or API client
// gets `error`, which tells it where the browser must go (docs/protocol.md#json-or-html).

export class FlowError extends Error {
  override readonly name = "FlowError";
  /** The answer for JSON and API clients. */
  readonly error: HttpError;
  /** Where a browser goes instead; without one it sees `error` too. */
  readonly browserTo: string | undefined;

  constructor(error: HttpError, browserTo?: string) {
    super(error.message, { cause: error });
    this.error = error;
    this.browserTo = browserTo;
  }

  /** The browser must go on at `target` (a provider, the UI): JSON clients get 422. */
  static browserLocationChange(target: string): FlowError {
    return new FlowError(errors.browserLocationChange(target), target);
  }
}

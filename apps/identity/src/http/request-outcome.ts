import type { FastifyInstance, FastifyRequest } from "fastify";

// What a request achieved, noted where it is decided and read once it is answered (metrics).
// A browser's failed sign-in is a redirect like a successful one, so the status code alone
// cannot tell them apart.

export type RateLimitName =
  | "submit_per_ip"
  | "flow_init_per_ip"
  | "login_failures"
  | "code_emails_per_address";

/**
 * How a passkey came to be (docs/production.md#metrics): signing up with one, the web app's
 * offer after a sign-in, the automatic upgrade after a password sign-in, or settings.
 */
export type PasskeyCreationPath = "sign_up" | "offer" | "automatic" | "settings";

/** What became of the bot defence's challenges in a request (docs/security.md#bot-defence). */
export type ChallengeEvent = "issued" | "solved" | "failed" | "waited";

/** Why a submit was refused outright: the signal that was overwhelming, or the address. */
export type BotRefusal =
  | "ip"
  | "network"
  | "target"
  | "surge"
  | "credential_stuffing"
  | "no_script"
  | "disposable_address";

export interface RequestOutcome {
  /**
   * A self-service submit that finished (success) or was answered with its errors (failure).
   * `kind` is the flow's (`login`, `registration`, ...): a plain string, as http/ knows no flow.
   */
  flow?: { kind: string; method: string; result: "success" | "failure" };
  /** The limit that refused the request. */
  rateLimit?: RateLimitName;
  /** The status of an error answer, also when a browser was redirected to the error page. */
  errorStatus?: number;
  /** A passkey was added to an account in settings (sign-up passkeys count as a registration). */
  passkeyCreated?: PasskeyCreationPath;
  /** The bot defence's challenges in this request, in order. */
  challenges?: ChallengeEvent[];
  /** The bot defence refused the submit. */
  botRefusal?: BotRefusal;
}

declare module "fastify" {
  interface FastifyRequest {
    outcome: RequestOutcome;
  }
}

export function decorateOutcome(app: FastifyInstance): void {
  app.decorateRequest("outcome", null as unknown as RequestOutcome);
  app.addHook("onRequest", async (request) => {
    request.outcome = {};
  });
}

/** The `method` a submit named, in its body or (GET submits) its query. */
export function submittedMethod(request: FastifyRequest): string {
  const source = request.method === "GET" ? request.query : request.body;
  const method = (source as Record<string, unknown> | undefined)?.method;
  return typeof method === "string" ? method : "";
}

/** The flow finished; overrides a failure noted earlier in the same request. */
export function noteFlowSuccess(request: FastifyRequest, kind: string, method: string): void {
  request.outcome.flow = { kind, method, result: "success" };
}

/** The flow came back with errors for the customer. */
export function noteFlowFailure(request: FastifyRequest, kind: string): void {
  request.outcome.flow ??= { kind, method: submittedMethod(request), result: "failure" };
}

/** A passkey was added to the account, by `path`. */
export function notePasskeyCreated(request: FastifyRequest, path: PasskeyCreationPath): void {
  request.outcome.passkeyCreated = path;
}

export function noteChallenge(request: FastifyRequest, event: ChallengeEvent): void {
  request.outcome.challenges = [...(request.outcome.challenges ?? []), event];
}

export function noteBotRefusal(request: FastifyRequest, reason: BotRefusal): void {
  request.outcome.botRefusal = reason;
}

// The identity service client: Ory's own SDK (@ory/client-fetch's FrontendApi) configured as
// Ory's server-side clients are (`Accept: application/json`, the browser's Cookie header
// forwarded), plus SPEC.md §7's thin wrapper: GET and POST helpers on the SDK's own request
// machinery, an in-progress flag, and every failure wrapped as an IdentityError carrying the
// lower error as `cause`, the response data, the status and a message.
//
// One client per incoming request: it holds that browser's cookies and collects the
// Set-Cookie headers the identity service answers with, so the caller can relay them. Like a
// browser, it sends the cookies it received with its next calls (starting a flow and then
// submitting it in one server action needs the flow's CSRF cookie).

import {
  BaseAPI,
  Configuration,
  FetchError,
  FrontendApi,
  type HTTPQuery,
  type Middleware,
  ResponseError,
} from "@ory/client-fetch";
import { mergeCookieHeader, normalizeCookieHeader } from "./cookie-header";

export interface BrowserContext {
  /** The browser's Cookie header. */
  readonly cookie?: string | null;
  readonly userAgent?: string | null;
  /**
   * The client's address as the proxy decided it (request-context.ts), sent as the only
   * X-Forwarded-For entry; never the header the client sent.
   */
  readonly clientAddress?: string | null;
  readonly acceptLanguage?: string | null;
}

export interface IdentityClientOptions {
  readonly baseUrl: string;
  readonly browser?: BrowserContext;
  /** Sent as X-Request-Id with every call, so both services log one id for one request. */
  readonly requestId?: string;
  /** For tests; defaults to the global fetch. */
  readonly fetch?: typeof fetch;
}

export interface RequestOptions {
  readonly query?: HTTPQuery;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A failed call to the identity service. `status` is 0 when no response arrived. */
export class IdentityError extends Error {
  override readonly name = "IdentityError";
  readonly status: number;
  readonly data: unknown;
  readonly headers: Headers | undefined;

  constructor(
    message: string,
    options: { status: number; data: unknown; headers?: Headers; cause: unknown },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.data = options.data;
    this.headers = options.headers;
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Wraps whatever the SDK threw as an IdentityError (idempotent). */
export async function toIdentityError(error: unknown): Promise<IdentityError> {
  if (error instanceof IdentityError) return error;
  if (error instanceof ResponseError) {
    const { response } = error;
    const data = await readBody(response);
    return new IdentityError(`identity service answered ${response.status}`, {
      status: response.status,
      data,
      headers: response.headers,
      cause: error,
    });
  }
  if (error instanceof FetchError) {
    return new IdentityError("identity service unreachable", {
      status: 0,
      data: undefined,
      cause: error.cause,
    });
  }
  const message = error instanceof Error ? error.message : "identity request failed";
  return new IdentityError(message, { status: 0, data: undefined, cause: error });
}

/** SPEC.md §7's GET/POST on the SDK's request pipeline (same config, middleware, fetch). */
class RawApi extends BaseAPI {
  send(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    options: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (method === "POST") headers["Content-Type"] = "application/json";
    return this.request({ path, method, headers, query: options.query, body });
  }
}

function requestHeaders(options: IdentityClientOptions): Record<string, string> {
  const { browser, requestId } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (requestId) headers["X-Request-Id"] = requestId;
  if (browser?.cookie) headers.Cookie = normalizeCookieHeader(browser.cookie);
  // Kratos records the device of a session from these (settings: active sessions), and the
  // identity service keys its per-address limits on the address.
  if (browser?.userAgent) headers["User-Agent"] = browser.userAgent;
  if (browser?.clientAddress) headers["X-Forwarded-For"] = browser.clientAddress;
  if (browser?.acceptLanguage) headers["Accept-Language"] = browser.acceptLanguage;
  return headers;
}

export class IdentityClient {
  readonly frontend: FrontendApi;
  /** Set-Cookie headers received so far, in order, for the caller to relay to the browser. */
  readonly setCookies: string[] = [];
  private readonly raw: RawApi;
  private pending = 0;

  constructor(options: IdentityClientOptions) {
    const baseFetch = options.fetch ?? fetch;
    const collectCookies: Middleware = {
      pre: async ({ url, init }) => {
        if (this.setCookies.length === 0) return { url, init };
        const headers = new Headers(init.headers);
        headers.set("cookie", mergeCookieHeader(headers.get("cookie"), this.setCookies));
        return { url, init: { ...init, headers } };
      },
      post: async ({ response }) => {
        this.setCookies.push(...response.headers.getSetCookie());
        return response;
      },
    };
    const configuration = new Configuration({
      basePath: options.baseUrl,
      headers: requestHeaders(options),
      credentials: "include",
      middleware: [collectCookies],
      // Redirects are answers, not detours: an expired recovery or verification flow answers
      // 303 to its replacement, which the caller maps to the screen with the new flow id.
      fetchApi: (input, init) =>
        baseFetch(input, { ...init, redirect: "manual", cache: "no-store" }),
    });
    this.frontend = new FrontendApi(configuration);
    this.raw = new RawApi(configuration);
  }

  /** True while a request of this client is in flight. */
  get inProgress(): boolean {
    return this.pending > 0;
  }

  /** Runs SDK calls with the in-progress flag and error wrapping. */
  async call<T>(request: (api: FrontendApi) => Promise<T>): Promise<T> {
    this.pending += 1;
    try {
      return await request(this.frontend);
    } catch (error) {
      throw await toIdentityError(error);
    } finally {
      this.pending -= 1;
    }
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.call(
      async () => (await readBody(await this.raw.send("GET", path, undefined, options))) as T,
    );
  }

  post<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.call(
      async () => (await readBody(await this.raw.send("POST", path, body, options))) as T,
    );
  }
}

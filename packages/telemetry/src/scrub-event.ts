// What an error report may carry, for every service's Sentry client (`beforeSend`). Reports
// leave the company, so they are built by an allowlist, not by removing what is known to be bad:
// the exception (type, message, stack frames without their variables), the level, the
// environment, the release, the service, the request id and the trace id. Everything else
// Sentry's integrations may add is dropped: the request (URL with its query, headers, cookies,
// body), the user, breadcrumbs, extra data, local variables.
//
// Messages are scrubbed too: an email address, a token (a JWT, Ory's `ory_..._` tokens, long
// random strings), a one-time code, and the value of a personal field written as JSON or as a
// form or query (`"email": "..."`, `password=...`) become placeholders. A message of our own
// never names a person (the logs' rule); these catch what a library or the database puts into
// its message, such as PostgreSQL's `Key (email)=(...)` or a row's traits.

type Json = Record<string, unknown>;

/** The part of a Sentry event this file reads and writes (structurally, so any SDK's event fits). */
export interface ReportEvent {
  event_id?: string;
  timestamp?: number;
  platform?: string;
  level?: string;
  logger?: string;
  environment?: string;
  release?: string;
  dist?: string;
  server_name?: string;
  transaction?: string;
  message?: unknown;
  exception?: { values?: unknown[] };
  tags?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  sdk?: unknown;
  fingerprint?: string[];
  [key: string]: unknown;
}

/** Tags kept on a report (the rest may be set by integrations and are dropped). */
const keptTags = new Set(["service", "request_id", "trace_id", "route", "server"]);

const personalKeys =
  "email|e-?mail|mail|address|identifier|name|first|last|given_name|family_name|nickname|username|phone|password|passwd|secret|code|otp|totp|token|session_token|csrf_token|cookie|authorization|traits|recipient|to|body";

const replacements: readonly [RegExp, string][] = [
  // "email": "anna@example.com", 'password': 'x' (a JSON value's text); an object's value, as
  // in "name": {"first": "Anna"}, is left to its own keys.
  [
    new RegExp(
      `(["'](?:${personalKeys})["']\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^,}\\]\\s{[]+)`,
      "gi",
    ),
    '$1"[redacted]"',
  ],
  // email=anna%40example.com, code=123456 (a form, a query, a log-style pair)
  [new RegExp(`\\b((?:${personalKeys})=)[^&\\s,;)]+`, "gi"), "$1[redacted]"],
  // PostgreSQL's detail: Key (email)=(anna@example.com) already exists.
  [/(\bKey \([^)]*\)=\()[^)]*(\))/g, "$1[redacted]$2"],
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, "[email]"],
  [/\bey[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, "[token]"],
  [/\bory_[a-z]{2,3}_[A-Za-z0-9]+/g, "[token]"],
  // A long random-looking run: session tokens, link tokens, secrets (not a UUID's short groups).
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, "[token]"],
  [/\b\d{6,8}\b/g, "[code]"],
];

export function scrubText(text: string): string {
  let scrubbed = text;
  for (const [pattern, replacement] of replacements)
    scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? scrubText(value) : undefined;
}

function withoutQuery(value: string | undefined): string | undefined {
  return value?.split(/[?#]/)[0];
}

function frame(value: unknown): Json | undefined {
  if (!isRecord(value)) return undefined;
  const kept: Json = {};
  for (const key of ["filename", "abs_path", "module", "function", "lineno", "colno", "in_app"]) {
    const field = value[key];
    if (typeof field === "string") kept[key] = withoutQuery(field);
    else if (typeof field === "number" || typeof field === "boolean") kept[key] = field;
  }
  return kept;
}

function exception(value: unknown): Json | undefined {
  if (!isRecord(value)) return undefined;
  const kept: Json = {};
  // The type is the error's class name: code, not data.
  const type = typeof value.type === "string" ? value.type : undefined;
  const message = text(value.value);
  if (type) kept.type = type;
  if (message) kept.value = message;
  if (isRecord(value.mechanism)) {
    const { type: mechanismType, handled } = value.mechanism;
    kept.mechanism = {
      ...(typeof mechanismType === "string" ? { type: mechanismType } : {}),
      ...(typeof handled === "boolean" ? { handled } : {}),
    };
  }
  const frames = isRecord(value.stacktrace) ? value.stacktrace.frames : undefined;
  if (Array.isArray(frames)) {
    kept.stacktrace = { frames: frames.map(frame).filter((f) => f !== undefined) };
  }
  return kept;
}

function tags(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const kept: Record<string, string> = {};
  for (const [key, tag] of Object.entries(value)) {
    if (keptTags.has(key) && (typeof tag === "string" || typeof tag === "number")) {
      kept[key] = String(tag);
    }
  }
  return kept;
}

/** The trace context only: which trace the error belongs to. */
function contexts(value: unknown): Json | undefined {
  const trace = isRecord(value) && isRecord(value.trace) ? value.trace : undefined;
  if (!trace) return undefined;
  const kept: Json = {};
  for (const key of ["trace_id", "span_id", "parent_span_id"]) {
    if (typeof trace[key] === "string") kept[key] = trace[key];
  }
  return { trace: kept };
}

/** The report as it may leave: see the header. Returns a new object; the input is not changed. */
export function scrubEvent<E extends ReportEvent>(event: E): E {
  const kept: ReportEvent = {};
  for (const key of [
    "event_id",
    "timestamp",
    "platform",
    "level",
    "logger",
    "environment",
    "release",
    "dist",
    "server_name",
    "type",
  ] as const) {
    if (event[key] !== undefined) (kept as Json)[key] = event[key];
  }
  if (event.sdk !== undefined) kept.sdk = event.sdk;
  if (Array.isArray(event.fingerprint)) kept.fingerprint = event.fingerprint.map(scrubText);
  const transaction = withoutQuery(text(event.transaction));
  if (transaction) kept.transaction = transaction;
  const message = isRecord(event.message) ? event.message.formatted : event.message;
  const scrubbedMessage = text(message);
  if (scrubbedMessage) kept.message = scrubbedMessage;
  if (Array.isArray(event.exception?.values)) {
    kept.exception = {
      values: event.exception.values.map(exception).filter((e) => e !== undefined),
    };
  }
  const keptTagValues = tags(event.tags);
  if (keptTagValues) kept.tags = keptTagValues;
  const keptContexts = contexts(event.contexts);
  if (keptContexts) kept.contexts = keptContexts;
  return kept as E;
}

/**
 * Sentry's `dataCollection` option with every category off: what the SDK would gather by itself
 * (user, cookies, headers, bodies, query parameters, database values, local variables) is not
 * even collected. scrubEvent is the second line.
 */
export const collectNoPersonalData = Object.freeze({
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  frameContextLines: 0,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
});

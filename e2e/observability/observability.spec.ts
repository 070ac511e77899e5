// Traces and error reports of the production build (e2e/observability/global-setup.ts): one
// customer's sign-in is one trace across the web app, nginx, the identity service and
// PostgreSQL; a partner's sign-in through the OpenID provider is one trace that reaches the
// provider; an unexpected error in each service reaches Sentry with its request id and trace id
// and nothing personal. The faults are real: a database refuses what a request needs, quoting
// the customer's data in its message.

import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { german } from "../support/languages.ts";
import { type ReceivedSpan, receivedSpans } from "../support/otlp-receiver.ts";
import { type ReceivedEvent, receivedReports } from "../support/sentry-receiver.ts";
import { expect, test } from "../support/test.ts";
import { observability } from "./observability.ts";

const CLIENT = { scope: "openid email", state: "observability-state" };

interface LogLine {
  readonly msg?: string;
  readonly request_id?: string;
  readonly trace_id?: string;
  readonly span_id?: string;
  readonly req?: { readonly method?: string; readonly route?: string };
  readonly method?: string;
  readonly path?: string;
}

function logLines(file: string): LogLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The identity service's access line of the latest password submit. */
function latestLoginSubmit(): LogLine {
  const lines = logLines(observability().logs.identity).filter(
    (line) =>
      line.msg === "request completed" &&
      line.req?.method === "POST" &&
      line.req.route === "/self-service/login",
  );
  const line = lines.at(-1);
  if (!line) throw new Error("the identity service logged no sign-in");
  return line;
}

/** The spans of one trace, once the receiver has the ones `complete` waits for. */
async function traceSpans(
  traceId: string,
  complete: (spans: ReceivedSpan[]) => boolean,
): Promise<ReceivedSpan[]> {
  let spans: ReceivedSpan[] = [];
  await expect
    .poll(
      async () => {
        spans = (await receivedSpans(observability().otlpEndpoint)).spans.filter(
          (span) => span.traceId === traceId,
        );
        return complete(spans);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return spans;
}

const isPg = (span: ReceivedSpan): boolean => span.scope === "@opentelemetry/instrumentation-pg";

/** The trace as the receiver got it: service, name and parent, for the test's output. */
function describeTrace(spans: readonly ReceivedSpan[]): string {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  return spans
    .map((span) => {
      const parent = byId.get(span.parentSpanId);
      const from = parent ? `${parent.service} "${parent.name}"` : span.parentSpanId || "(root)";
      return `${span.service} "${span.name}" <- ${from}`;
    })
    .join("\n");
}

/** One trace, whole: a single root, and every other span's parent is in it. */
function expectOneConnectedTrace(spans: readonly ReceivedSpan[]): void {
  const ids = new Set(spans.map((span) => span.spanId));
  const roots = spans.filter((span) => !ids.has(span.parentSpanId));
  expect(roots.map((span) => `${span.service} ${span.name}`)).toHaveLength(1);
  expect(roots[0]?.service).toBe("moos-web");
}

test.describe("traces", () => {
  test.use({ lang: german });

  test("a sign-in through the web app is one trace: web app, identity service, PostgreSQL", async ({
    page,
    screens,
    account,
  }, testInfo) => {
    await screens.login.open();
    await screens.login.logIn(account.email, account.password);
    await expect(page).not.toHaveURL(/\/login/);

    const submit = latestLoginSubmit();
    const traceId = submit.trace_id ?? "";
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const spans = await traceSpans(
      traceId,
      (seen) =>
        seen.some((span) => span.service === "moos-web") &&
        seen.some((span) => span.service === "moos-identity" && isPg(span)),
    );
    await testInfo.attach("trace", { body: describeTrace(spans), contentType: "text/plain" });
    console.log(`sign-in trace ${traceId}:\n${describeTrace(spans)}`);
    expectOneConnectedTrace(spans);
    // The identity service's server span is the child of a web app span: the traceparent went
    // from the web app through nginx's internal load balancer.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const identityServer = spans.find(
      (span) =>
        span.service === "moos-identity" && byId.get(span.parentSpanId)?.service === "moos-web",
    );
    expect(identityServer?.kind).toBe(2);
    expect(
      spans.filter((span) => span.service === "moos-identity" && isPg(span)).length,
    ).toBeGreaterThan(0);
    // Nothing of the request's query or body is in any span.
    for (const span of spans) expect(JSON.stringify(span)).not.toContain(account.email);
    expect(JSON.stringify(spans)).not.toMatch(/[?&](flow|token|code)=/);

    // The same trace id beside the same request id in the web app's log, and in nginx's.
    const webLine = logLines(observability().logs.web).find(
      (line) => line.request_id === submit.request_id && line.trace_id,
    );
    expect(webLine?.trace_id).toBe(traceId);
    const nginxLog = readFileSync(path.join(observability().logs.nginx, "identity.log"), "utf8");
    expect(nginxLog).toContain(`trace=00-${traceId}-`);

    // The sign-in from a new browser is emailed: the courier's SMTP send is a span of its own
    // (a trace of its own: the outbox sends after the request has answered), naming the SMTP
    // server, never the recipient.
    let sends: ReceivedSpan[] = [];
    await expect
      .poll(async () => {
        sends = (await receivedSpans(observability().otlpEndpoint)).spans.filter(
          (span) => span.service === "moos-identity" && span.name === "smtp send",
        );
        return sends.length;
      })
      .toBeGreaterThan(0);
    expect(sends[0]?.attributes["server.address"]).toBe("127.0.0.1");
    expect(JSON.stringify(sends)).not.toContain(account.email);
  });

  test("a partner's sign-in through the OpenID provider is one trace that reaches the provider", async ({
    page,
    screens,
    account,
    browserErrors,
  }, testInfo) => {
    const { issuer, shop } = observability();
    browserErrors.allow(/favicon\.ico/, "the provider serves no favicon");
    let callback: URL | undefined;
    await page.route(`${shop.redirectUri}**`, async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/plain", body: "shop" });
    });
    const authorize = new URL(`${issuer}/oauth2/auth`);
    authorize.search = new URLSearchParams({
      client_id: shop.clientId,
      redirect_uri: shop.redirectUri,
      response_type: "code",
      scope: CLIENT.scope,
      state: CLIENT.state,
    }).toString();
    await page.goto(authorize.href);
    await screens.login.expectEmailStep();
    await screens.login.logIn(account.email, account.password);
    await expect.poll(() => callback?.searchParams.get("state")).toBe(CLIENT.state);
    expect(callback?.searchParams.get("code")).toBeTruthy();

    const traceId = latestLoginSubmit().trace_id ?? "";
    const spans = await traceSpans(
      traceId,
      (seen) =>
        ["moos-web", "moos-identity", "moos-oauth2"].every((service) =>
          seen.some((span) => span.service === service),
        ) && seen.some((span) => span.service === "moos-oauth2" && isPg(span)),
    );
    await testInfo.attach("trace", { body: describeTrace(spans), contentType: "text/plain" });
    console.log(`partner sign-in trace ${traceId}:\n${describeTrace(spans)}`);
    expectOneConnectedTrace(spans);
    // The provider's admin server answered the identity service's call (accepting the login).
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const providerServer = spans.find(
      (span) =>
        span.service === "moos-oauth2" && byId.get(span.parentSpanId)?.service === "moos-identity",
    );
    expect(providerServer?.kind).toBe(2);
  });
});

/** Runs SQL on one of the suite's databases as the superuser. */
async function onDatabase(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

async function reportsWithRequestId(requestId: string): Promise<ReceivedEvent[]> {
  const { events } = await receivedReports(observability().sentryDsn);
  return events.filter((event) => event.tags?.request_id === requestId);
}

/** Nothing that names or identifies the customer, or proves who they are, left in any report. */
async function expectNothingPersonal(secrets: readonly string[]): Promise<void> {
  const { bodies } = await receivedReports(observability().sentryDsn);
  const all = bodies.join("\n");
  for (const secret of secrets) expect(all).not.toContain(secret);
  for (const key of [
    '"cookies"',
    '"headers"',
    '"query_string"',
    '"user"',
    '"breadcrumbs"',
    '"request"',
  ]) {
    expect(all).not.toContain(key);
  }
}

test.describe("error reports", () => {
  test.use({ lang: german });

  test("an unexpected error in the identity service and in the web app reaches Sentry, scrubbed", async ({
    page,
    screens,
    account,
    browserErrors,
  }) => {
    const { identityDatabaseUrl } = observability();
    browserErrors.allow(/500/, "the database refuses the sign-in on purpose");
    // The database refuses the session of a sign-in, naming the customer in its message (a
    // trigger reading the identity's traits): the identity service answers the web app's server
    // action 500, and the web app shows its generic error.
    await onDatabase(
      identityDatabaseUrl,
      `CREATE FUNCTION observability_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'session refused for %',
           (SELECT traits::text FROM identities WHERE id = NEW.identity_id);
       END $$;
       CREATE TRIGGER observability_refuse BEFORE INSERT ON sessions
         FOR EACH ROW EXECUTE FUNCTION observability_refuse();`,
    );
    let cookies: string[] = [];
    try {
      await screens.login.open();
      await screens.login.logIn(account.email, account.password);
      await expect(page).toHaveURL(/[?&]error=generic/);
      // The session's and the CSRF token's cookies (the language cookie's "de" is no secret).
      cookies = (await page.context().cookies())
        .map((cookie) => cookie.value)
        .filter((value) => value.length >= 16);
      expect(cookies.length).toBeGreaterThan(0);
    } finally {
      await onDatabase(
        identityDatabaseUrl,
        "DROP TRIGGER observability_refuse ON sessions; DROP FUNCTION observability_refuse();",
      );
    }
    // One request id through both services: the web app passes its own on.
    const submit = latestLoginSubmit();
    const requestId = submit.request_id ?? "";
    await expect
      .poll(async () =>
        (await reportsWithRequestId(requestId)).map((event) => event.tags?.service).sort(),
      )
      .toEqual(["identity", "web"]);
    const reports = await reportsWithRequestId(requestId);
    for (const report of reports) {
      expect(report.tags?.trace_id).toBe(submit.trace_id);
      expect(report.contexts?.trace?.trace_id).toBe(submit.trace_id);
      expect(report.environment).toBe("staging");
    }
    const identityReport = reports.find((event) => event.tags?.service === "identity");
    expect(identityReport?.exception?.values?.at(-1)?.value).toContain("session refused for");

    await expectNothingPersonal([
      account.email,
      account.email.split("@")[0] ?? account.email,
      account.firstName,
      account.lastName,
      account.password,
      ...cookies,
    ]);
  });

  test("an unexpected error in the OpenID provider reaches Sentry, scrubbed", async ({
    page,
    browserErrors,
  }) => {
    const { issuer, shop, oauth2DatabaseUrl } = observability();
    browserErrors.allow(/500/, "the provider's database refuses the authorization on purpose");
    browserErrors.allow(/favicon\.ico/, "the provider serves no favicon");
    const hint = "anna.farnkraut@example.com";
    // The database refuses to keep the authorization's interaction, quoting it (with the
    // login_hint, an email address) in its message.
    await onDatabase(
      oauth2DatabaseUrl,
      `CREATE FUNCTION observability_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.model = 'Interaction' THEN
           RAISE EXCEPTION 'interaction refused: %', NEW.payload::text;
         END IF;
         RETURN NEW;
       END $$;
       CREATE TRIGGER observability_refuse BEFORE INSERT ON oidc_models
         FOR EACH ROW EXECUTE FUNCTION observability_refuse();`,
    );
    let requestId = "";
    let status = 0;
    try {
      const authorize = new URL(`${issuer}/oauth2/auth`);
      authorize.search = new URLSearchParams({
        client_id: shop.clientId,
        redirect_uri: shop.redirectUri,
        response_type: "code",
        scope: CLIENT.scope,
        state: CLIENT.state,
        login_hint: hint,
      }).toString();
      const response = await page.goto(authorize.href);
      requestId = (await response?.headerValue("x-request-id")) ?? "";
      status = response?.status() ?? 0;
    } finally {
      await onDatabase(
        oauth2DatabaseUrl,
        "DROP TRIGGER observability_refuse ON oidc_models; DROP FUNCTION observability_refuse();",
      );
    }
    expect(status).toBe(500);
    await expect
      .poll(async () => (await reportsWithRequestId(requestId)).map((event) => event.tags?.service))
      .toEqual(["oauth2"]);
    const [report] = await reportsWithRequestId(requestId);
    expect(report?.tags?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(report?.exception?.values?.at(-1)?.value).toContain("interaction refused");
    await expectNothingPersonal([hint, "anna.farnkraut"]);
  });
});

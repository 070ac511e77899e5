import { describe, expect, it } from "vitest";
import { type ReportEvent, scrubEvent, scrubText } from "./scrub-event.ts";

// The scrubbing every error report passes (scrub-event.ts): a report as Sentry's SDKs build it,
// stuffed with what must never leave (the customer's address, name, password, a one-time code,
// tokens, cookies), and the test fails if any of it survives.

const personal = {
  email: "anna.farnkraut@example.com",
  first: "Anna",
  last: "Farnkraut",
  password: "Gruene-Monstera-2026",
  code: "482913",
  sessionToken: "ory_st_0123456789abcdefABCDEF0123456789",
  csrfToken: "k2J9xQ7vT1mZ4pL8sW3nB6yR0dF5hG2c",
  cookie: "moos_session=MTY5OTk5OTk5OXxkR1ZzYkc4Z2QyOXliR1E9fGZha2U",
  jwt: "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhbm5hIn0.c2lnbmF0dXJlLWJ5dGVz",
};

function stuffedEvent(): ReportEvent {
  const traits = JSON.stringify({
    email: personal.email,
    name: { first: personal.first, last: personal.last },
  });
  return {
    event_id: "0123456789abcdef0123456789abcdef",
    timestamp: 1_795_000_000,
    platform: "node",
    level: "error",
    environment: "production",
    server_name: "identity-1",
    transaction: `POST /self-service/login?flow=1&code=${personal.code}`,
    message: `sign-in of ${personal.email} failed`,
    exception: {
      values: [
        {
          type: "DatabaseError",
          value: `session refused for ${traits.replaceAll(":", ": ")}`,
          mechanism: { type: "generic", handled: true, data: { password: personal.password } },
          stacktrace: {
            frames: [
              {
                filename: "/srv/moos/apps/identity/dist/flows/login.js",
                function: "submit",
                lineno: 42,
                colno: 7,
                in_app: true,
                vars: { password: personal.password, email: personal.email },
                pre_context: [`const password = "${personal.password}";`],
                context_line: `login(${personal.email})`,
              },
            ],
          },
        },
        {
          type: "error",
          value: `duplicate key value violates unique constraint: Key (email)=(${personal.email}) already exists. code=${personal.code} token ${personal.sessionToken} ${personal.jwt}`,
        },
      ],
    },
    request: {
      url: `https://konto.example/login?code=${personal.code}`,
      method: "POST",
      query_string: `code=${personal.code}`,
      cookies: { moos_session: personal.cookie },
      headers: { cookie: personal.cookie, "x-csrf-token": personal.csrfToken },
      data: { identifier: personal.email, password: personal.password },
    },
    user: { email: personal.email, ip_address: "203.0.113.9", username: personal.first },
    breadcrumbs: [{ category: "http", message: `POST /login ${personal.email}` }],
    extra: { flowId: "f-1", traits },
    contexts: {
      trace: { trace_id: "4bf92f3577b34da6a3ce929d0e0e4736", span_id: "00f067aa0ba902b7" },
      state: { state: { value: { password: personal.password } } },
    },
    tags: {
      service: "identity",
      request_id: "6b7e6f7e-0f1c-4c55-9b2c-5b3f3a2b1c0d",
      trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
      email: personal.email,
    },
    fingerprint: [`login-${personal.email}`],
  };
}

describe("scrubEvent", () => {
  it("leaves nothing personal in a report", () => {
    const sent = JSON.stringify(scrubEvent(stuffedEvent()));
    for (const [kind, value] of Object.entries(personal)) {
      expect(sent, `${kind} leaked`).not.toContain(value);
    }
    for (const key of [
      "request",
      "user",
      "breadcrumbs",
      "extra",
      "vars",
      "pre_context",
      "cookies",
    ]) {
      expect(sent).not.toContain(`"${key}"`);
    }
  });

  it("keeps what a report is for: the error, where it happened, the request and the trace", () => {
    const scrubbed = scrubEvent(stuffedEvent());
    expect(scrubbed.tags).toEqual({
      service: "identity",
      request_id: "6b7e6f7e-0f1c-4c55-9b2c-5b3f3a2b1c0d",
      trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
    });
    expect(scrubbed.contexts).toEqual({
      trace: { trace_id: "4bf92f3577b34da6a3ce929d0e0e4736", span_id: "00f067aa0ba902b7" },
    });
    expect(scrubbed.transaction).toBe("POST /self-service/login");
    const [first, second] = (scrubbed.exception?.values ?? []) as { type: string; value: string }[];
    expect(first).toMatchObject({
      type: "DatabaseError",
      value: expect.stringContaining("session refused for"),
      stacktrace: {
        frames: [
          {
            filename: "/srv/moos/apps/identity/dist/flows/login.js",
            function: "submit",
            lineno: 42,
            colno: 7,
            in_app: true,
          },
        ],
      },
    });
    expect(second?.value).toContain("duplicate key value violates unique constraint");
    expect(scrubbed).toMatchObject({ event_id: stuffedEvent().event_id, level: "error" });
  });

  it("leaves a harmless message as it is", () => {
    const message = 'relation "sessions" does not exist (request 6b7e6f7e-0f1c-4c55, port 5432)';
    expect(scrubText(message)).toBe(message);
    expect(scrubText("connect ECONNREFUSED 127.0.0.1:4445")).toBe(
      "connect ECONNREFUSED 127.0.0.1:4445",
    );
  });
});

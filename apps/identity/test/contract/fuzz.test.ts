import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

// Random bodies, headers and flow ids against every submit and read endpoint: the service
// must answer 4xx (or a flow), never 500, never issue a session, never write an identity.

let h: Harness;
let flowIds: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  const api = h.native();
  flowIds = [
    (await api.createNativeLoginFlow()).id,
    (await api.createNativeRegistrationFlow()).id,
    (await api.createNativeRecoveryFlow()).id,
    (await api.createNativeVerificationFlow()).id,
  ];
});
afterAll(async () => h?.close());

const kinds = ["login", "registration", "recovery", "verification", "settings"] as const;
const contentTypes = [
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/xml",
  "",
];
const value = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
);
const jsonBody = fc.dictionary(
  fc.constantFrom(
    "method",
    "identifier",
    "password",
    "traits.email",
    "traits",
    "csrf_token",
    "code",
    "email",
    "screen",
    "transient_payload",
    "__proto__",
    "a.b.c",
    "",
  ),
  value,
  { maxKeys: 6 },
);

describe("random requests", () => {
  it("never answer 500 and never create identities or sessions", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kinds),
        fc.oneof(fc.constantFrom(...flowIds), fc.uuid(), fc.string({ maxLength: 40 })),
        fc.constantFrom(...contentTypes),
        fc.oneof(
          jsonBody.map((b) => JSON.stringify(b)),
          fc.string({ maxLength: 200 }),
        ),
        fc.constantFrom("application/json", "text/html", "*/*", ""),
        async (kind, flowId, contentType, body, accept) => {
          const headers: Record<string, string> = {};
          if (contentType) headers["content-type"] = contentType;
          if (accept) headers.accept = accept;
          const response = await fetch(
            `${h.publicUrl}/self-service/${kind}?flow=${encodeURIComponent(flowId)}`,
            {
              method: "POST",
              headers,
              body,
              redirect: "manual",
            },
          );
          expect(response.status, `${kind} ${contentType} ${body}`).toBeLessThan(500);
          expect(
            response.headers.getSetCookie().some((c) => c.startsWith("ory_kratos_session=")),
          ).toBe(false);
          const read = await fetch(
            `${h.publicUrl}/self-service/${kind}/flows?id=${encodeURIComponent(flowId)}`,
          );
          expect(read.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    const { identities } = await h.app.deps.persistence.identities.listIdentities({ pageSize: 10 });
    expect(identities).toHaveLength(0);
  });

  it("rejects oversized bodies with 413 and no write", async () => {
    const response = await fetch(`${h.publicUrl}/self-service/registration?flow=${flowIds[1]}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ method: "password", password: "x".repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(413);
  });
});

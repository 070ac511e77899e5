// @vitest-environment node
// The newsletter question after a sign-in (consent-gate.server.ts): asked once, never a lock
// (a broken admin API lets the customer on), and never skipped for good because the identity
// service was briefly unavailable when the answer was looked up.
import type { Session } from "@ory/client-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity } from "../../flow-engine/testing/fake-identity";

vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => new Map(),
}));
vi.mock("../../lib/report-error", () => ({ reportError: async () => {} }));

const session = { id: "s-1", identity: { id: "i-1" } } as Session;
const target = "https://shop.example/account";
const question = `/newsletter?${new URLSearchParams({ return_to: target })}`;
const identity = (metadataAdmin: unknown) => ({
  id: "i-1",
  schema_id: "default",
  schema_url: "",
  traits: {},
  metadata_admin: metadataAdmin,
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function gateWith(answer: Parameters<typeof fakeIdentity>[0]): Promise<string | undefined> {
  vi.stubEnv("ORY_ADMIN_URL", "http://127.0.0.1:4434");
  vi.stubEnv("ORY_ADMIN_TOKEN", "admin-token-for-the-test");
  vi.stubGlobal("fetch", fakeIdentity(answer).fetch);
  const { consentGate } = await import("./consent-gate.server");
  return consentGate(session, target, "de");
}

describe("the newsletter question after a sign-in", () => {
  it("is asked of a customer who has not answered", async () => {
    expect(await gateWith({ status: 200, body: identity(null) })).toBe(question);
  });

  it("is not asked again of one who has", async () => {
    const answered = { newsletter: { status: "declined", at: "2026-11-01T10:00:00Z" } };
    expect(await gateWith({ status: 200, body: identity(answered) })).toBeUndefined();
  });

  it("lets the customer on when the admin API fails for good (never a lock)", async () => {
    expect(await gateWith({ status: 401, body: { error: { code: 401 } } })).toBeUndefined();
  });

  it("while the identity service is briefly unavailable, leads to the question's screen, which says so", async () => {
    const unavailable = { error: { id: "service_unavailable", code: 503 } };
    expect(await gateWith({ status: 503, body: unavailable })).toBe(question);
  });
});

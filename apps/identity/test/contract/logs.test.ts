import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { password, traitsOf, uniqueEmail } from "./account-helpers.ts";

// docs/production.md#logs: JSON logs with a request id (taken from X-Request-Id when sane), and nothing secret
// in them: no cookies, credentials, tokens or codes. The harness captures the service's lines.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    serve: { public: { request_log: true }, admin: { request_log: true } },
  });
});
afterAll(async () => h?.close());

const linesOf = (id: string): Record<string, unknown>[] =>
  h.logs.filter((line) => line.request_id === id);

describe("request ids", () => {
  it("takes a sane X-Request-Id, echoes it and puts it on every line of the request", async () => {
    const id = "web-4f2c9a1e.7:b_x";
    const response = await fetch(`${h.publicUrl}/self-service/login/api`, {
      headers: { accept: "application/json", "x-request-id": id },
    });
    expect(response.headers.get("x-request-id")).toBe(id);
    const lines = linesOf(id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatchObject({
      level: "info",
      msg: "request completed",
      server: "public",
      service: "identity",
      req: { method: "GET", url: "/self-service/login/api", route: "/self-service/login/api" },
      res: { status_code: 200 },
    });
  });

  it("replaces an id that could forge log lines or headers with a fresh one", async () => {
    for (const given of ["two words", "a".repeat(129), "x\u00e9", ""]) {
      const response = await fetch(`${h.adminUrl}/health/alive`, {
        headers: { "x-request-id": given },
      });
      const echoed = response.headers.get("x-request-id") ?? "";
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(echoed).at(-1)).toMatchObject({ server: "admin", res: { status_code: 200 } });
    }
  });

  it("logs the client address the trusted proxy forwarded", async () => {
    const id = "forwarded-address";
    await fetch(`${h.publicUrl}/health/alive`, {
      headers: { "x-request-id": id, "x-forwarded-for": "198.51.100.4" },
    });
    expect(linesOf(id).at(-1)).toMatchObject({ req: { remote_address: "198.51.100.4" } });
  });
});

describe("secrets stay out of the logs", () => {
  it("redacts tokens, codes and unknown query values, and never logs credentials", async () => {
    const secrets = ["Sesame-Cookie-1", "Bearer-Secret-2", "ory_st_Session3", "Token-Value-4"];
    const id = "redaction-check";
    await fetch(
      `${h.publicUrl}/self-service/recovery?flow=00000000-0000-4000-8000-000000000001&token=${secrets[3]}&code=913462&init_code=Init5&return_to_code=Ret6&email=mia%40example.com`,
      {
        headers: {
          accept: "application/json",
          "x-request-id": id,
          cookie: `ory_kratos_session=${secrets[0]}`,
          authorization: `Bearer ${secrets[1]}`,
          "x-session-token": secrets[2]!,
        },
      },
    );
    const lines = linesOf(id);
    expect(lines.length).toBeGreaterThan(0);
    const text = JSON.stringify(lines);
    for (const secret of [...secrets, "913462", "Init5", "Ret6", "mia%40example.com"])
      expect(text).not.toContain(secret);
    expect(lines.at(-1)).toMatchObject({
      req: {
        url: "/self-service/recovery?flow=00000000-0000-4000-8000-000000000001&token=[redacted]&code=[redacted]&init_code=[redacted]&return_to_code=[redacted]&email=[redacted]",
      },
    });
  });

  it("keeps passwords, emailed codes and session tokens out of a whole registration", async () => {
    const email = uniqueEmail("logs");
    const api = h.native();
    const flow = await api.createNativeRegistrationFlow();
    const result = await api.updateRegistrationFlow({
      flow: flow.id,
      updateRegistrationFlowBody: { method: "password", password, traits: traitsOf(email) },
    });
    const code = await h.codeFor(email);
    // The courier writes JSON lines too, with the message id and no recipient.
    await expect.poll(() => h.logs.some((l) => l.msg === "courier: sent")).toBe(true);
    const sent = h.logs.find((l) => l.msg === "courier: sent");
    expect(sent).toMatchObject({ component: "courier", level: "info" });
    const text = JSON.stringify(h.logs);
    for (const secret of [password, code, result.session_token ?? "no token", email])
      expect(text).not.toContain(secret);
  });
});

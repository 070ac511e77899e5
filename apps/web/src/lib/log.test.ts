// @vitest-environment node

import { describeError, log } from "@moos/telemetry/log";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdentityError } from "./identity-client";

function captured(stream: "stdout" | "stderr"): () => Record<string, unknown>[] {
  const write = vi.spyOn(process[stream], "write").mockImplementation(() => true);
  return () => write.mock.calls.map(([line]) => JSON.parse(String(line)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("log", () => {
  it("writes one JSON line with time, level, message and fields", () => {
    const lines = captured("stdout");
    log("info", "listening", { request_id: "r-1", port: 3000 });
    expect(lines()).toEqual([
      { time: expect.any(String), level: "info", msg: "listening", request_id: "r-1", port: 3000 },
    ]);
  });

  it("writes errors to stderr without the identity service's answer, headers or cookies", () => {
    const lines = captured("stderr");
    const body = {
      error: { id: "security_csrf_violation", code: 403 },
      ui: { nodes: [{ attributes: { name: "code", value: "123456" } }] },
    };
    const error = new IdentityError("identity service answered 403", {
      status: 403,
      data: body,
      headers: new Headers({ "set-cookie": "ory_kratos_session=secret" }),
      cause: new Error("lower"),
    });
    log("error", "unexpected error", {
      request_id: "r-2",
      flow: "login",
      flowError: { id: "x", nested: { token: "secret" } },
      error,
    });
    const [line] = lines();
    expect(line).toMatchObject({
      level: "error",
      request_id: "r-2",
      flow: "login",
      flowError: { id: "x" },
      error: {
        name: "IdentityError",
        message: "identity service answered 403",
        status: 403,
        error_id: "security_csrf_violation",
        cause: { name: "Error", message: "lower" },
      },
    });
    const text = JSON.stringify(line);
    expect(text).not.toContain("123456");
    expect(text).not.toContain("secret");
  });

  it("does not let a field overwrite time, level or message", () => {
    const lines = captured("stderr");
    log("warn", "real", { msg: "forged", level: "info" });
    expect(lines()[0]).toMatchObject({ level: "warn", msg: "real" });
  });
});

describe("describeError", () => {
  it("describes what is not an Error without printing it", () => {
    expect(describeError({ password: "secret" })).toEqual({
      name: "object",
      message: "(not an Error)",
    });
  });
});

// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportError } from "./report-error";

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-moos-request-id": "r-7" }),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reportError", () => {
  it("logs a failed server action as one JSON line with the request's id", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await reportError(new Error("boom"), { flow: "login" });
    const [line] = write.mock.calls.map(([text]) => JSON.parse(String(text)));
    expect(line).toMatchObject({
      level: "error",
      msg: "unexpected error",
      request_id: "r-7",
      flow: "login",
      error: { name: "Error", message: "boom" },
    });
  });
});

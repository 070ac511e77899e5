import { describe, expect, it } from "vitest";
import { redactUrl } from "./logging.ts";

describe("redactUrl", () => {
  it("keeps the path, the order and harmless values, and replaces everything else", () => {
    expect(redactUrl("/self-service/login?code=123456&flow=f1&refresh=true&token=t")).toBe(
      "/self-service/login?code=[redacted]&flow=f1&refresh=true&token=[redacted]",
    );
    expect(redactUrl("/sessions/whoami")).toBe("/sessions/whoami");
    expect(redactUrl("/x?%66low=1&password")).toBe("/x?%66low=1&password=[redacted]");
  });
});

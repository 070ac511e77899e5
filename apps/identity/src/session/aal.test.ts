import { describe, expect, it } from "vitest";
import { sessionAal } from "./aal.ts";
import type { AuthenticationMethod } from "./session.ts";

const method = (name: string, aal: "aal1" | "aal2"): AuthenticationMethod => ({
  method: name,
  aal,
  completed_at: "2026-11-22T10:00:00Z",
});

describe("sessionAal", () => {
  it("is aal1 after a first factor alone, of any kind", () => {
    expect(sessionAal([method("password", "aal1")])).toBe("aal1");
    expect(sessionAal([method("code_recovery", "aal1")])).toBe("aal1");
  });

  it("is aal2 only with a first and a second factor", () => {
    expect(sessionAal([method("password", "aal1"), method("totp", "aal2")])).toBe("aal2");
    expect(sessionAal([method("code_recovery", "aal1"), method("lookup_secret", "aal2")])).toBe(
      "aal2",
    );
    expect(sessionAal([method("totp", "aal2")])).toBe("aal0");
    expect(sessionAal([])).toBe("aal0");
  });
});

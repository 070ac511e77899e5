import { describe, expect, it } from "vitest";
import { csrfToken, isCsrfTokenValid } from "./csrf";

const secrets = ["first-secret-0123456789abcdef0123456789"];

describe("CSRF tokens", () => {
  it("belong to one session", () => {
    const token = csrfToken("sid-1", secrets);
    expect(isCsrfTokenValid("sid-1", token, secrets)).toBe(true);
    expect(isCsrfTokenValid("sid-2", token, secrets)).toBe(false);
  });

  it("hold after a new secret is put first, and refuse what is not a token", () => {
    const token = csrfToken("sid-1", secrets);
    expect(
      isCsrfTokenValid("sid-1", token, ["new-secret-0123456789abcdef0123456789", ...secrets]),
    ).toBe(true);
    for (const wrong of [undefined, "", "x".repeat(200), 42, token.slice(1)]) {
      expect(isCsrfTokenValid("sid-1", wrong, secrets)).toBe(false);
    }
  });
});

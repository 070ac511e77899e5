import { describe, expect, it } from "vitest";
import { checkConfirmToken, newConfirmToken, parseConfirmToken, sha256Hex } from "./confirm-token";
import { confirmConsent, requestConsent } from "./consent";

const id = "0b9a4c3e-6f1d-4a8e-9c2b-7d5e3f1a2b4c";
const now = new Date("2026-11-22T10:00:00.000Z");

function pendingWith(token: string) {
  const parsed = parseConfirmToken(token);
  if (!parsed) throw new Error("token did not parse");
  return {
    secret: parsed.secret,
    record: requestConsent(undefined, { now, locale: "de", tokenSha256: sha256Hex(parsed.secret) }),
  };
}

describe("newsletter confirmation token", () => {
  it("names the identity and keeps only the hash of its secret", () => {
    const { token, sha256 } = newConfirmToken(id);
    const parsed = parseConfirmToken(token);
    expect(parsed?.identityId).toBe(id);
    expect(sha256).toBe(sha256Hex(parsed?.secret ?? ""));
    expect(token).not.toContain(sha256);
    expect(newConfirmToken(id).token).not.toBe(token);
  });

  it("refuses malformed tokens", () => {
    expect(parseConfirmToken(undefined)).toBeUndefined();
    expect(parseConfirmToken("nodot")).toBeUndefined();
    expect(parseConfirmToken(`not-a-uuid.${"a".repeat(43)}`)).toBeUndefined();
    expect(parseConfirmToken(`${id}.short`)).toBeUndefined();
  });

  it("is valid for 48 hours, once, and only with the right secret", () => {
    const { secret, record } = pendingWith(newConfirmToken(id).token);
    expect(checkConfirmToken(record, secret, new Date(now.getTime() + 47 * 3600_000))).toBe(
      "valid",
    );
    expect(checkConfirmToken(record, secret, new Date(now.getTime() + 48 * 3600_000))).toBe(
      "expired",
    );
    const other = parseConfirmToken(newConfirmToken(id).token)?.secret ?? "";
    expect(checkConfirmToken(record, other, now)).toBe("invalid");
    const used = confirmConsent(record, { now, locale: "de" });
    expect(checkConfirmToken(used, secret, now)).toBe("invalid");
    expect(checkConfirmToken(undefined, secret, now)).toBe("invalid");
  });
});

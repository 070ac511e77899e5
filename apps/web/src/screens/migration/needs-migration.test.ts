import { describe, expect, it } from "vitest";
import { originalReturnTo } from "./login-step.server";
import { needsMigration } from "./needs-migration";

const migration = { source: "old-shop", imported_at: "2026-11-01T00:00:00.000Z" };

describe("needsMigration", () => {
  it("is an imported identity with neither a password nor a social sign-in", () => {
    expect(needsMigration({ metadata_admin: { migration }, credentials: {} })).toBe(true);
    expect(needsMigration({ metadata_admin: { migration }, credentials: undefined })).toBe(true);
  });

  it("lets imported customers with a password or a provider, and everyone else, log in", () => {
    const password = { password: { type: "password" as const } };
    const oidc = { oidc: { type: "oidc" as const } };
    expect(needsMigration({ metadata_admin: { migration }, credentials: password })).toBe(false);
    expect(needsMigration({ metadata_admin: { migration }, credentials: oidc })).toBe(false);
    expect(needsMigration({ metadata_admin: null, credentials: {} })).toBe(false);
    expect(needsMigration({ metadata_admin: { newsletter: {} }, credentials: {} })).toBe(false);
  });
});

describe("originalReturnTo", () => {
  const base = "http://localhost:3000";
  it("unwraps the consent gate around a sign-in's return_to", () => {
    expect(originalReturnTo(`${base}/api/redirect?return_to=https%3A%2F%2Fshop%2Fx`, base)).toBe(
      "https://shop/x",
    );
    expect(originalReturnTo(`${base}/api/redirect`, base)).toBeUndefined();
    expect(originalReturnTo("https://shop/y", base)).toBe("https://shop/y");
    expect(originalReturnTo(undefined, base)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { isLoginMethod, loginMethodBody } from "./login-method-body";

describe("loginMethodBody", () => {
  const values = {
    csrf_token: "t",
    totp_code: " 123456 ",
    lookup_secret: " a1b2c3d4 ",
    webauthn_login: '{"id":"x"}',
    passkey_login: '{"id":"y"}',
    identifier: "anna@example.com",
    password: "never sent",
  };

  it("sends only the chosen method's fields", () => {
    expect(loginMethodBody("totp", values, "de")).toEqual({
      method: "totp",
      totp_code: "123456",
      csrf_token: "t",
      transient_payload: { locale: "de" },
    });
    expect(loginMethodBody("lookup_secret", values, "en")).toEqual({
      method: "lookup_secret",
      lookup_secret: "a1b2c3d4",
      csrf_token: "t",
      transient_payload: { locale: "en" },
    });
    expect(loginMethodBody("webauthn", values, "de")).toMatchObject({
      method: "webauthn",
      identifier: "anna@example.com",
      webauthn_login: '{"id":"x"}',
    });
    expect(loginMethodBody("passkey", values, "de")).toEqual({
      method: "passkey",
      passkey_login: '{"id":"y"}',
      csrf_token: "t",
      transient_payload: { locale: "de" },
    });
  });

  it("knows only the methods beyond the password", () => {
    expect(["totp", "lookup_secret", "webauthn", "passkey"].every(isLoginMethod)).toBe(true);
    expect(isLoginMethod("password")).toBe(false);
    expect(isLoginMethod(undefined)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  isIdentityCookie,
  mergeCookieHeader,
  normalizeCookieHeader,
  parseSetCookie,
} from "./cookie-header";

describe("parseSetCookie", () => {
  it("keeps what the browser needs and drops Domain", () => {
    const cookie = parseSetCookie(
      "csrf_token_806060ca=abc+/def==; Path=/; Domain=127.0.0.1; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax",
    );
    expect(cookie).toEqual({
      name: "csrf_token_806060ca",
      value: "abc+/def==",
      path: "/",
      maxAge: 31536000,
      httpOnly: true,
      secure: true,
      sameSite: "lax",
    });
  });

  it("reads expiry dates (a deleted session cookie)", () => {
    const cookie = parseSetCookie(
      "ory_kratos_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0",
    );
    expect(cookie?.value).toBe("");
    expect(cookie?.maxAge).toBe(0);
    expect(cookie?.expires?.getTime()).toBe(0);
  });

  it("decodes a URL-encoded value once", () => {
    expect(parseSetCookie("ory_kratos_session=MTY%3D; Path=/")?.value).toBe("MTY=");
  });

  it("ignores headers without a name", () => {
    expect(parseSetCookie("=x")).toBeUndefined();
    expect(parseSetCookie("garbage")).toBeUndefined();
  });
});

describe("normalizeCookieHeader", () => {
  it("undoes Next's URL-encoding of the identity service's cookies only", () => {
    expect(
      normalizeCookieHeader(
        "csrf_token_ab=abc%2B%2Fdef%3D%3D; ory_kratos_session=MTY%3D; other=a%3Db",
      ),
    ).toBe("csrf_token_ab=abc+/def==; ory_kratos_session=MTY=; other=a%3Db");
  });

  it("decodes the __Host- prefixed cookies the identity service sets behind https", () => {
    expect(
      normalizeCookieHeader("__Host-csrf_token_ab=abc%2B%3D; __Host-ory_kratos_session=MTY%3D"),
    ).toBe("__Host-csrf_token_ab=abc+=; __Host-ory_kratos_session=MTY=");
  });

  it("leaves raw values alone", () => {
    expect(normalizeCookieHeader("csrf_token_ab=abc+/def==;ory_kratos_session=x")).toBe(
      "csrf_token_ab=abc+/def==; ory_kratos_session=x",
    );
  });
});

describe("mergeCookieHeader", () => {
  it("adds and replaces cookies the way a browser would, dropping deleted ones", () => {
    expect(
      mergeCookieHeader("a=1; csrf_token_x=old; ory_kratos_session=s", [
        "csrf_token_x=new+/=; Path=/; HttpOnly",
        "ory_kratos_continuity=c; Path=/",
        "ory_kratos_session=; Path=/; Max-Age=0",
      ]),
    ).toBe("a=1; csrf_token_x=new+/=; ory_kratos_continuity=c");
  });

  it("starts from no cookies at all", () => {
    expect(mergeCookieHeader(undefined, ["b=2; Path=/"])).toBe("b=2");
    expect(mergeCookieHeader(null, [])).toBe("");
  });
});

describe("isIdentityCookie", () => {
  it("knows Kratos's cookies with and without a cookie prefix, and nothing else", () => {
    for (const name of ["csrf_token_ab", "ory_kratos_session", "__Host-ory_kratos_session"])
      expect(isIdentityCookie(name)).toBe(true);
    expect(isIdentityCookie("__Host-csrf_token_ab")).toBe(true);
    for (const name of ["NEXT_LOCALE", "__Host-other", "session"])
      expect(isIdentityCookie(name)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { localizedHref, safeReturnPath, splitLocale } from "./locales";

describe("paths", () => {
  it("go back only to a path of this console", () => {
    expect(safeReturnPath("/en/customers/1?x=1#export")).toBe("/en/customers/1?x=1#export");
    for (const elsewhere of ["https://evil.example/", "//evil.example/", "/\\evil", "staff", 3]) {
      expect(safeReturnPath(elsewhere)).toBe("/");
    }
  });

  it("carry the language in the prefix, German without one", () => {
    expect(splitLocale("/en/staff")).toEqual({ locale: "en", path: "/staff" });
    expect(splitLocale("/staff")).toEqual({ locale: "de", path: "/staff" });
    expect(localizedHref("en", "/", { done: "account.lock", error: undefined })).toBe(
      "/en?done=account.lock",
    );
  });
});

import { describe, expect, it } from "vitest";
import { parsePageUrl } from "./page-url";

describe("parsePageUrl", () => {
  it("splits the proxy's header into path and query", () => {
    expect(parsePageUrl("/en/login?flow=f-1&return_to=x")).toEqual({
      pathname: "/en/login",
      search: "flow=f-1&return_to=x",
    });
  });

  it("falls back to the home page for anything else", () => {
    for (const value of [null, "", "https://evil.example/", "//evil.example/x"]) {
      expect(parsePageUrl(value)).toEqual({ pathname: "/", search: "" });
    }
  });
});

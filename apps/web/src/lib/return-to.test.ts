import { describe, expect, it } from "vitest";
import type { ClientConfig } from "./config";
import { isAllowedReturnUrl, redirectTarget } from "./return-to";

const self: ClientConfig = {
  home: "http://localhost:3000",
  allowedReturnUrls: ["http://localhost:3000"],
};
const shop: ClientConfig = {
  home: "https://shop.example.de/",
  allowedReturnUrls: ["https://shop.example.de/account", "https://*.moos-app.de/"],
};
const target = (returnTo: string | null, client: ClientConfig = shop): string =>
  redirectTarget({ returnTo, client, self, publicBaseUrl: "http://localhost:3000" });

describe("redirectTarget (/api/redirect)", () => {
  it("forwards to an allowed return_to of the client", () => {
    expect(target("https://shop.example.de/account/orders?x=1")).toBe(
      "https://shop.example.de/account/orders?x=1",
    );
  });

  it("matches subdomains of a wildcard entry", () => {
    expect(target("https://app.moos-app.de/home")).toBe("https://app.moos-app.de/home");
    expect(target("https://moos-app.de/home")).toBe("https://shop.example.de/");
  });

  it("always allows this app itself, also as a path", () => {
    expect(target("http://localhost:3000/settings")).toBe("http://localhost:3000/settings");
    expect(target("/settings")).toBe("http://localhost:3000/settings");
  });

  it.each([
    ["another host", "https://evil.example/account"],
    ["a look-alike host", "https://shop.example.de.evil.example/account"],
    ["another scheme", "http://shop.example.de/account"],
    ["a path outside the prefix", "https://shop.example.de/admin"],
    ["a protocol-relative URL", "//evil.example/account"],
    ["a backslash trick", "/\\evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["garbage", "http://"],
  ])("falls back to the client's home for %s", (_case, returnTo) => {
    expect(target(returnTo)).toBe("https://shop.example.de/");
  });

  it("goes home without return_to", () => {
    expect(target(null)).toBe("https://shop.example.de/");
    expect(target(null, self)).toBe("http://localhost:3000");
  });
});

describe("isAllowedReturnUrl", () => {
  it("needs the same port", () => {
    expect(isAllowedReturnUrl(new URL("http://localhost:4000/"), ["http://localhost:3000"])).toBe(
      false,
    );
  });
});

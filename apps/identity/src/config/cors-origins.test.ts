import { describe, expect, it } from "vitest";
import { isUnboundedWildcard, matchOrigin } from "./cors-origins.ts";

// serve.public.cors.allowed_origins as Kratos reads it (ory/x corsx.CheckOrigin), except that
// `*` is never answered with the caller's origin (see cors-origins.ts).

describe("matchOrigin", () => {
  const allowed = ["https://shop.moos.de", "https://*.moos-shop.de"];

  it("admits an exact origin and subdomains of a wildcard, by name", () => {
    expect(matchOrigin(allowed, "https://shop.moos.de")).toBe("named");
    expect(matchOrigin(allowed, "https://app.moos-shop.de")).toBe("named");
    expect(matchOrigin(allowed, "https://a.b.moos-shop.de")).toBe("named");
    expect(matchOrigin(["HTTPS://Shop.Moos.de"], "https://shop.moos.de")).toBe("named");
  });

  it("refuses everything else: the bare domain, look-alikes, other schemes and ports", () => {
    for (const origin of [
      "https://moos-shop.de",
      "https://evilmoos-shop.de",
      "https://moos-shop.de.evil.example",
      "http://app.moos-shop.de",
      "https://shop.moos.de:8443",
      "https://shop.moos.de.evil.example",
      "null",
    ]) {
      expect(matchOrigin(allowed, origin), origin).toBe("refused");
    }
  });

  it("admits every origin for `*` and an empty list, but only as `any`", () => {
    expect(matchOrigin(["*"], "https://evil.example")).toBe("any");
    expect(matchOrigin([], "https://evil.example")).toBe("any");
    expect(matchOrigin(["*", "https://shop.moos.de"], "https://shop.moos.de")).toBe("named");
  });

  it("ignores wildcards an attacker could register a host for", () => {
    for (const pattern of [
      "https://*.com",
      "https://*moos-shop.de",
      "https://*.co.uk",
      "https://*.vercel.app",
      "https://www.moos.*",
    ]) {
      expect(isUnboundedWildcard(pattern), pattern).toBe(true);
    }
    expect(matchOrigin(["https://*moos-shop.de"], "https://evilmoos-shop.de")).toBe("refused");
    expect(matchOrigin(["https://*.com"], "https://evil.com")).toBe("refused");
    expect(isUnboundedWildcard("https://*.moos-shop.de:8443")).toBe(false);
    expect(isUnboundedWildcard("https://*.shop.example.co.uk")).toBe(false);
  });
});

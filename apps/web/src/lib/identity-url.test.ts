import { describe, expect, it } from "vitest";
import { toOwnOrigin, toOwnPath } from "./identity-url";

describe("toOwnOrigin", () => {
  it("opens the identity service's own URLs on this origin", () => {
    expect(
      toOwnOrigin(
        "https://x.projects.oryapis.com/self-service/logout?token=t",
        "https://x.projects.oryapis.com",
      ),
    ).toBe("/self-service/logout?token=t");
  });

  it("leaves other URLs alone", () => {
    expect(
      toOwnOrigin("http://localhost:3000/self-service/logout?token=t", "http://127.0.0.1:4433"),
    ).toBe("http://localhost:3000/self-service/logout?token=t");
    expect(toOwnOrigin("http://127.0.0.1:4433/admin/identities", "http://127.0.0.1:4433")).toBe(
      "http://127.0.0.1:4433/admin/identities",
    );
    expect(toOwnOrigin("/login?flow=1", "http://127.0.0.1:4433")).toBe("/login?flow=1");
  });
});

describe("toOwnPath", () => {
  const base = "http://localhost:3000";

  it("turns this app's screens into paths in the user's language", () => {
    expect(toOwnPath("http://localhost:3000/settings?flow=1", base, "en")).toBe(
      "/en/settings?flow=1",
    );
    expect(toOwnPath("http://localhost:3000/", base, "de")).toBe("/");
    expect(toOwnPath("/verification?flow=v", base, "en")).toBe("/en/verification?flow=v");
    expect(toOwnPath("http://localhost:3000/en/login?flow=1", base, "de")).toBe("/en/login?flow=1");
  });

  it("keeps the identity service's paths and /api as they are", () => {
    expect(toOwnPath("http://localhost:3000/self-service/logout?token=t", base, "en")).toBe(
      "/self-service/logout?token=t",
    );
    expect(toOwnPath("http://localhost:3000/api/redirect", base, "en")).toBe("/api/redirect");
  });

  it("leaves other origins alone", () => {
    expect(toOwnPath("https://shop.example.de/konto", base, "en")).toBe(
      "https://shop.example.de/konto",
    );
  });
});

import { describe, expect, it } from "vitest";
import { toOwnOrigin } from "./identity-url";

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

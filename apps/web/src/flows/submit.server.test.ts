import { describe, expect, it } from "vitest";
import { needsDocumentNavigation } from "./submit.server";

describe("needsDocumentNavigation", () => {
  it("loads the identity service's paths, route handlers and other sites as documents", () => {
    expect(needsDocumentNavigation("/self-service/logout?token=t")).toBe(true);
    expect(needsDocumentNavigation("/api/redirect")).toBe(true);
    expect(needsDocumentNavigation("http://localhost:3000/settings?flow=1")).toBe(true);
    expect(needsDocumentNavigation("//evil.example")).toBe(true);
  });

  it("lets the client router show our screens", () => {
    expect(needsDocumentNavigation("/login?flow=1")).toBe(false);
    expect(needsDocumentNavigation("/en/verification?flow=1")).toBe(false);
    expect(needsDocumentNavigation("/sessionsx")).toBe(false);
  });
});

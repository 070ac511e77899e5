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

  it("loads a flow screen without a flow id as a document, so the address gets the new id", () => {
    expect(needsDocumentNavigation("/settings")).toBe(true);
    expect(needsDocumentNavigation("/en/settings/password")).toBe(true);
    expect(needsDocumentNavigation("/login?return_to=x")).toBe(true);
    expect(needsDocumentNavigation("/settings?flow=1")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { confirmsDeletion } from "./delete-confirmation";

describe("confirmsDeletion", () => {
  it("needs the account's email address, whatever its case and surrounding spaces", () => {
    expect(confirmsDeletion(" Anna@Example.com ", "anna@example.com")).toBe(true);
  });

  it("refuses an empty field, another address or an account without one", () => {
    expect(confirmsDeletion("", "anna@example.com")).toBe(false);
    expect(confirmsDeletion("ann@example.com", "anna@example.com")).toBe(false);
    expect(confirmsDeletion("anna@example.com", undefined)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { idTokenClaims } from "./claims";

describe("idTokenClaims", () => {
  it("takes email, the names and the language from the identity", () => {
    expect(
      idTokenClaims({
        traits: { email: "lena@example.com", name: { first: "Lena", last: "Lindgren" } },
        verifiable_addresses: [
          { id: "a", value: "Lena@example.com", verified: true, via: "email", status: "completed" },
        ],
        metadata_public: { locale: "en" },
      }),
    ).toEqual({
      email: "lena@example.com",
      email_verified: true,
      name: "Lena Lindgren",
      given_name: "Lena",
      family_name: "Lindgren",
      locale: "en",
    });
  });

  it("says an address is unverified, and leaves out what the identity does not have", () => {
    expect(
      idTokenClaims({
        traits: { email: "paul@example.com", name: {} },
        verifiable_addresses: [
          { id: "a", value: "paul@example.com", verified: false, via: "email", status: "pending" },
        ],
      }),
    ).toEqual({ email: "paul@example.com", email_verified: false });
  });
});

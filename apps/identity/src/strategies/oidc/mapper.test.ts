import { describe, expect, it } from "vitest";
import { mapClaimsToTraits } from "./mapper.ts";

describe("mapClaimsToTraits", () => {
  const mapper = {
    "traits.email": "email",
    "traits.name.first": ["given_name", "first_name"],
    "traits.name.last": "family_name",
    "traits.country": "address.country",
  };

  it("maps claims to nested traits, trying alternatives in order", () => {
    expect(
      mapClaimsToTraits(mapper, {
        email: " lena@example.com ",
        first_name: "Lena",
        family_name: "Lindgren",
        address: { country: "DE" },
      }),
    ).toEqual({
      email: "lena@example.com",
      name: { first: "Lena", last: "Lindgren" },
      country: "DE",
    });
  });

  it("leaves traits unset for absent, empty or structured claims, so the schema asks for them", () => {
    expect(
      mapClaimsToTraits(mapper, {
        email: "",
        given_name: { x: 1 },
        family_name: null,
        address: "DE",
      }),
    ).toEqual({});
  });

  it("does not read inherited properties", () => {
    expect(mapClaimsToTraits({ "traits.x": "constructor" }, {})).toEqual({});
    expect(mapClaimsToTraits({ "traits.x": "toString" }, {})).toEqual({});
  });
});

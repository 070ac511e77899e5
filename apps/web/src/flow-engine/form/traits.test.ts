import { describe, expect, it } from "vitest";
import { traitFields, traitsFromForm } from "./traits";

describe("traitsFromForm", () => {
  it("nests every traits.* field, trimmed, and ignores the rest", () => {
    expect(
      traitsFromForm({
        "traits.email": " jonas@example.com ",
        "traits.name.first": "Jonas",
        "traits.name.last": "Jäger",
        provider: "facebook",
        csrf_token: "x",
      }),
    ).toEqual({ email: "jonas@example.com", name: { first: "Jonas", last: "Jäger" } });
  });

  it("never writes to prototypes or empty keys", () => {
    const traits = traitsFromForm({ "traits.__proto__.polluted": "1", "traits..x": "2" });
    expect(traits).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps the fields to show again", () => {
    expect(traitFields({ "traits.email": " a@b.de ", flow: "f" })).toEqual({
      "traits.email": "a@b.de",
    });
  });
});

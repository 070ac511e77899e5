import { describe, expect, it } from "vitest";
import { maskEmail, maskName, parseSearch } from "./search.ts";

describe("parseSearch", () => {
  it("tells an email address, an id and a name's start apart", () => {
    expect(parseSearch(" Erika.M@Example.ORG ")).toEqual({
      kind: "email",
      email: "erika.m@example.org",
    });
    expect(parseSearch("0B8A7C6D-1E2F-4A5B-8C9D-0E1F2A3B4C5D")).toEqual({
      kind: "id",
      id: "0b8a7c6d-1e2f-4a5b-8c9d-0e1f2a3b4c5d",
    });
    expect(parseSearch("  Erika   Mu ")).toEqual({ kind: "name", prefix: "Erika Mu" });
    expect(parseSearch("Öz")).toEqual({ kind: "name", prefix: "Öz" });
    expect(parseSearch("O'Brien-Smith")).toEqual({ kind: "name", prefix: "O'Brien-Smith" });
  });

  it("refuses what is none of them, or too short", () => {
    for (const q of [
      undefined,
      "",
      " ",
      "E",
      "erika@",
      "@example.org",
      "12",
      "Er%",
      "x".repeat(201),
    ])
      expect(() => parseSearch(q), String(q)).toThrow(
        expect.objectContaining({ id: "console_search_invalid", status: 400 }),
      );
  });
});

describe("masks", () => {
  it("shows the local part's first character and the domain, the first name and an initial", () => {
    expect(maskEmail("erika.mustermann@example.org")).toBe("e***@example.org");
    expect(maskEmail("ömer@beispiel.de")).toBe("ö***@beispiel.de");
    expect(maskEmail("")).toBe("");
    expect(maskName("Erika", "Mustermann")).toBe("Erika M.");
    expect(maskName("Erika", "")).toBe("Erika");
    expect(maskName("", "Özdemir")).toBe("Ö.");
  });
});

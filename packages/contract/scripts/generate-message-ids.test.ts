import { describe, expect, it } from "vitest";
import { namingProblems, renderMessageIds } from "./generate-message-ids.ts";

const catalogue = {
  4000006: { id: 4000006, type: "error", text: "The provided credentials are invalid." },
  1050001: { id: 1050001, type: "success", text: "Your changes have been saved! */" },
} as const;

describe("the message id generator", () => {
  it("names every id of the catalogue, with its type and text beside it", () => {
    const names = { 4000006: "invalidCredentials", 1050001: "changesSaved" };
    expect(namingProblems(catalogue, names)).toEqual([]);
    const file = renderMessageIds(catalogue, names);
    expect(file).toContain("  /** 1050001, success: Your changes have been saved! *\\/ */\n");
    expect(file).toContain("  changesSaved: 1050001,\n  /** 4000006, error:");
    expect(file).toContain("  invalidCredentials: 4000006,\n} as const satisfies");
  });

  it("refuses an id without a name, a name twice, a name for no id and names not camelCase", () => {
    expect(namingProblems(catalogue, { 4000006: "invalidCredentials" })).toEqual([
      "1050001 has no name in scripts/message-names.ts",
    ]);
    expect(namingProblems(catalogue, { 4000006: "saved", 1050001: "saved" })).toEqual([
      '4000006 and 1050001 are both named "saved"',
    ]);
    expect(
      namingProblems(catalogue, { 4000006: "Invalid-credentials", 1050001: "saved", 4999999: "x" }),
    ).toEqual([
      '4000006: "Invalid-credentials" is not a camelCase name',
      "4999999 is named but not in the catalogue",
    ]);
  });
});

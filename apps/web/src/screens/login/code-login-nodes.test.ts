import { describe, expect, it } from "vitest";
import { csrfNode, inputNode } from "../../flow-engine/testing/fixtures";
import { isCodeStep, offersLoginCode } from "./code-login-nodes";

describe("code login nodes", () => {
  it("offers a code when the flow has the code group's submit", () => {
    const nodes = [
      csrfNode,
      inputNode("identifier", { group: "identifier_first", value: "anna@example.com" }),
      inputNode("method", { group: "code", type: "submit", value: "code" }),
    ];
    expect(offersLoginCode(nodes)).toBe(true);
    expect(isCodeStep(nodes)).toBe(false);
  });

  it("asks for the code once it is sent", () => {
    const nodes = [
      csrfNode,
      inputNode("identifier", { group: "code", type: "hidden", value: "anna@example.com" }),
      inputNode("code", { group: "code", required: true }),
      inputNode("method", { group: "code", type: "hidden", value: "code" }),
    ];
    expect(isCodeStep(nodes)).toBe(true);
    expect(offersLoginCode(nodes)).toBe(false);
  });

  it("does not take a recovery or verification code for a login code", () => {
    expect(isCodeStep([inputNode("code", { group: "default" })])).toBe(false);
  });
});

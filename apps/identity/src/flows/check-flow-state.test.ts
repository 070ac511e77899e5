import { describe, expect, it } from "vitest";
import { checkedFlowState } from "./check-flow-state.ts";

const ui = {
  action: "http://127.0.0.1:4433/self-service/login?flow=f",
  method: "POST",
  nodes: [
    {
      type: "input",
      group: "default",
      attributes: { name: "csrf_token", type: "hidden", value: "t" },
      messages: [],
      meta: {},
    },
  ],
};
const loginPayload = {
  request_url: "http://127.0.0.1:4433/self-service/login/browser",
  ui,
  organization_id: null,
  refresh: false,
  requested_aal: "aal1",
};

describe("a stored flow's state", () => {
  it("is accepted when it holds what its kind declares", () => {
    const internal = {
      completed: true,
      address: "anna@example.de",
      tries: 2,
      codeRound: 3,
      passkey_session: { challenge: "c" },
      linkCredentials: {
        identityId: "i",
        link: { provider: "google", issuer: "https://accounts.google.com", subject: "s" },
      },
    };
    const state = checkedFlowState("login", loginPayload, internal);
    expect(state?.internal.codeRound).toBe(3);
    expect(state?.payload.requested_aal).toBe("aal1");
    expect(
      checkedFlowState(
        "recovery",
        { request_url: "http://x/", active: "code", ui: { ...ui, messages: [{ id: 1 }] } },
        { address: "anna@example.de", tries: 0, recoveryRound: 1 },
      ),
    ).toBeDefined();
  });

  it("is refused with a key its kind does not declare, even another kind's", () => {
    expect(checkedFlowState("login", loginPayload, { recoveryRound: 1 })).toBeUndefined();
    expect(checkedFlowState("login", loginPayload, { anything: true })).toBeUndefined();
    expect(
      checkedFlowState("recovery", { ...loginPayload, refresh: undefined }, {}),
    ).toBeUndefined();
  });

  it("is refused with a declared key of the wrong type or a required key missing", () => {
    expect(checkedFlowState("login", loginPayload, { codeRound: "2" })).toBeUndefined();
    expect(checkedFlowState("login", loginPayload, { tries: -1 })).toBeUndefined();
    expect(
      checkedFlowState("login", { ...loginPayload, requested_aal: "aal3" }, {}),
    ).toBeUndefined();
    const { requested_aal: _, ...withoutAal } = loginPayload;
    expect(checkedFlowState("login", withoutAal, {})).toBeUndefined();
    expect(checkedFlowState("login", loginPayload, null)).toBeUndefined();
    expect(
      checkedFlowState("settings", { ...loginPayload, continue_with: "x" }, {}),
    ).toBeUndefined();
  });

  it("checks the ui container, its nodes only as objects", () => {
    const odd = { ...ui, nodes: [{ type: "whatever", extra: [1, 2] }] };
    expect(checkedFlowState("login", { ...loginPayload, ui: odd }, {})).toBeDefined();
    const broken = { ...ui, nodes: ["not a node"] };
    expect(checkedFlowState("login", { ...loginPayload, ui: broken }, {})).toBeUndefined();
    expect(checkedFlowState("login", { ...loginPayload, ui: undefined }, {})).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { errorIds, isErrorId, isMoosMessageId, messageCatalogue, messageIds } from "./index.ts";

describe("message catalogue", () => {
  it("pins the ids the product relies on", () => {
    for (const id of [
      1010001, 1010003, 1040001, 1040009, 1050001, 1060001, 1060003, 1070001, 1070002, 1080002,
      1080003, 4000001, 4000002, 4000003, 4000006, 4000007, 4000010, 4000031, 4000033, 4000034,
      4010001, 4040001, 4050001, 4060005, 4060006, 4070005, 4070006, 5000001,
    ] as const) {
      expect(messageCatalogue[id].id).toBe(id);
    }
  });

  it("pins our own ids, all in our range and none in Kratos's", () => {
    const own = messageIds.filter(isMoosMessageId);
    expect(own).toEqual([
      1905001, 1905002, 1905003, 1905004, 1905005, 4900001, 4900002, 4901001, 4905001, 4905002,
    ]);
    expect(isMoosMessageId(1050001)).toBe(false);
    expect(isMoosMessageId(4000006)).toBe(false);
    expect(isMoosMessageId(5000001)).toBe(false);
  });

  it("types each id by its range, with Kratos's and our success exceptions", () => {
    const successIds = new Set([1050001, 1060001, 1080002, 1080005, 1905003, 1905004]);
    for (const id of messageIds) {
      const { type } = messageCatalogue[id];
      if (id >= 4000000) expect(type, String(id)).toBe("error");
      else if (successIds.has(id)) expect(type, String(id)).toBe("success");
      else expect(type, String(id)).toBe("info");
    }
  });
});

describe("error ids", () => {
  it("pins every status", () => {
    expect(errorIds).toMatchInlineSnapshot(`
      {
        "browser_location_change_required": 422,
        "identity_disabled": 400,
        "security_csrf_violation": 403,
        "security_identity_mismatch": 403,
        "self_service_flow_disabled": 400,
        "self_service_flow_expired": 410,
        "self_service_flow_replaced": 410,
        "self_service_flow_return_to_forbidden": 400,
        "service_unavailable": 503,
        "session_aal1_required": 401,
        "session_aal2_required": 403,
        "session_aal_already_fulfilled": 401,
        "session_already_available": 400,
        "session_inactive": 401,
        "session_refresh_required": 403,
        "session_verified_address_required": 403,
      }
    `);
    expect(isErrorId("security_csrf_violation")).toBe(true);
    expect(isErrorId("toString")).toBe(false);
  });
});

import type { OAuth2ConsentRequest } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { grantedScopes, needsNoScreen } from "./consent.server";

const request = (fields: Partial<OAuth2ConsentRequest>): OAuth2ConsentRequest => ({
  challenge: "c",
  ...fields,
});

describe("the consent answer", () => {
  it("grants what was ticked of what the client asked for, and always the sign-in", () => {
    expect(grantedScopes(["openid", "email", "profile"], ["email", "offline_access"])).toEqual([
      "openid",
      "email",
    ]);
    expect(grantedScopes(["openid", "profile"], [])).toEqual(["openid"]);
  });

  it("shows no screen for Moos's own clients or a remembered consent, else asks", () => {
    expect(needsNoScreen(request({ client: { skip_consent: true } }))).toBe(true);
    expect(needsNoScreen(request({ skip: true, client: {} }))).toBe(true);
    expect(needsNoScreen(request({ skip: false, client: { skip_consent: false } }))).toBe(false);
    expect(needsNoScreen(request({}))).toBe(false);
  });
});

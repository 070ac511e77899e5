import { describe, expect, it } from "vitest";
import { challengeQuery, clientOfFlow, preferredLocale } from "./login-challenge";

describe("a sign-in for an OAuth2 client", () => {
  it("keeps the challenge on links, and nothing without one", () => {
    expect(challengeQuery({ oauth2_login_challenge: "abc" })).toEqual({ login_challenge: "abc" });
    expect(challengeQuery({})).toEqual({});
  });

  it("names the client by name, else by id", () => {
    const request = (client: Record<string, string>) => ({
      oauth2_login_request: {
        challenge: "c",
        client,
        request_url: "",
        requested_access_token_audience: [],
        requested_scope: [],
        skip: false,
        subject: "",
      },
    });
    expect(clientOfFlow(request({ client_id: "moos-shop", client_name: "Moos Shop" }))).toBe(
      "Moos Shop",
    );
    expect(clientOfFlow(request({ client_id: "moos-shop" }))).toBe("moos-shop");
    expect(clientOfFlow({})).toBeUndefined();
  });

  it("takes the first of the client's languages the app speaks", () => {
    expect(preferredLocale(["fr", "en-GB", "de"])).toBe("en");
    expect(preferredLocale(["de-AT"])).toBe("de");
    expect(preferredLocale(["fr"])).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
  });
});

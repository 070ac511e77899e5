import type { OAuth2LogoutRequest, Session } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { logsOutAtOnce } from "./logout.server";

const shopLogout: OAuth2LogoutRequest = {
  challenge: "c",
  subject: "lena",
  rp_initiated: true,
  client: { client_id: "moos-shop", skip_consent: true },
};
const sessionOf = (id: string): Session => ({ id: "s", identity: { id } }) as Session;

describe("a logout without asking", () => {
  it("is for Moos's own client logging out its own customer with the ID token", () => {
    expect(logsOutAtOnce(shopLogout, sessionOf("lena"))).toBe(true);
    // Signed out of Moos already: nothing to take from anyone.
    expect(logsOutAtOnce(shopLogout, undefined)).toBe(true);
  });

  it("asks for another customer's session, a partner, or a logout no client asked for", () => {
    expect(logsOutAtOnce(shopLogout, sessionOf("paul"))).toBe(false);
    expect(
      logsOutAtOnce({ ...shopLogout, client: { client_id: "partner" } }, sessionOf("lena")),
    ).toBe(false);
    expect(
      logsOutAtOnce({ ...shopLogout, rp_initiated: false, client: undefined }, sessionOf("lena")),
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { flowInitPath } from "./init-url";

const base = "http://localhost:3000";

describe("flowInitPath", () => {
  it("keeps the init parameters of each flow only", () => {
    const query = new URLSearchParams(
      "return_to=https://shop/x&aal=aal2&refresh=true&client=shop&flow=",
    );
    expect(flowInitPath("login", query, base)).toBe(
      "/self-service/login/browser?return_to=https%3A%2F%2Fshop%2Fx&refresh=true&aal=aal2",
    );
    expect(flowInitPath("registration", query, base)).toBe(
      "/self-service/registration/browser?return_to=https%3A%2F%2Fshop%2Fx",
    );
    expect(flowInitPath("recovery", new URLSearchParams(), base)).toBe(
      "/self-service/recovery/browser",
    );
  });

  it("brings a signed-out settings visit back to settings after the sign-in", () => {
    expect(flowInitPath("settings", new URLSearchParams(), base)).toBe(
      "/self-service/settings/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fself-service%2Fsettings%2Fbrowser",
    );
  });
});

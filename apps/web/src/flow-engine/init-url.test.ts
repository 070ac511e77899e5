import { describe, expect, it } from "vitest";
import { flowInitPath } from "./init-url";

const base = "http://localhost:3000";

describe("flowInitPath", () => {
  it("keeps the init parameters of each flow only", () => {
    const query = new URLSearchParams(
      "return_to=https://shop/x&aal=aal2&refresh=true&client=shop&flow=",
    );
    expect(flowInitPath("login", query, base)).toBe(
      "/self-service/login/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect%3Freturn_to%3Dhttps%253A%252F%252Fshop%252Fx&refresh=true&aal=aal2",
    );
    expect(flowInitPath("registration", query, base)).toBe(
      "/self-service/registration/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect%3Freturn_to%3Dhttps%253A%252F%252Fshop%252Fx",
    );
    expect(flowInitPath("recovery", new URLSearchParams(), base)).toBe(
      "/self-service/recovery/browser",
    );
  });

  it("returns every sign-in through /api/redirect (the newsletter question), once", () => {
    expect(flowInitPath("login", new URLSearchParams(), base)).toBe(
      "/self-service/login/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect",
    );
    const wrapped = new URLSearchParams({ return_to: `${base}/api/redirect?return_to=x` });
    expect(flowInitPath("login", wrapped, base)).toBe(
      `/self-service/login/browser?${new URLSearchParams({ return_to: `${base}/api/redirect?return_to=x` })}`,
    );
  });

  it("brings a signed-out settings visit back to settings after the sign-in", () => {
    expect(flowInitPath("settings", new URLSearchParams(), base)).toBe(
      "/self-service/settings/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fself-service%2Fsettings%2Fbrowser",
    );
  });
});

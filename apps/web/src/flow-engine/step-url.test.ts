import { describe, expect, it } from "vitest";
import { continueWithStep, stepUrl } from "./step-url";

describe("stepUrl", () => {
  it("localizes screens and keeps redirects as they are", () => {
    expect(stepUrl({ type: "screen", screen: "login", query: { flow: "f" } }, "de")).toBe(
      "/login?flow=f",
    );
    expect(
      stepUrl({ type: "screen", screen: "settings-password", query: { flow: "f" } }, "en"),
    ).toBe("/en/settings/password?flow=f");
    expect(stepUrl({ type: "screen", screen: "home", query: {} }, "en")).toBe("/en");
    expect(stepUrl({ type: "redirect", url: "https://shop.example/" }, "en")).toBe(
      "https://shop.example/",
    );
  });
});

describe("continueWithStep", () => {
  it("prefers the verification screen, then settings, then the redirect", () => {
    expect(
      continueWithStep([
        { action: "redirect_browser_to", redirect_browser_to: "/x" },
        { action: "show_verification_ui", flow: { id: "v", verifiable_address: "a@b.de" } },
      ]),
    ).toEqual({ type: "screen", screen: "verification", query: { flow: "v" } });
    expect(continueWithStep([{ action: "show_settings_ui", flow: { id: "s" } }])).toEqual({
      type: "screen",
      screen: "settings",
      query: { flow: "s" },
    });
    expect(
      continueWithStep([{ action: "redirect_browser_to", redirect_browser_to: "/x" }]),
    ).toEqual({
      type: "redirect",
      url: "/x",
    });
  });

  it("asks for nothing when there is nothing to follow", () => {
    expect(continueWithStep(undefined)).toBeUndefined();
    expect(
      continueWithStep([{ action: "set_ory_session_token", ory_session_token: "t" }]),
    ).toBeUndefined();
  });
});

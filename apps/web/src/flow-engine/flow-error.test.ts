import { describe, expect, it } from "vitest";
import { errorIdOf, flowIdOf, isUnavailable, nextStepForError } from "./flow-error";
import { loginFlowJson } from "./testing/fixtures";

const envelope = (
  id: string,
  code: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  error: { id, code, status: "x", reason: "some reason", message: "some message" },
  ...extra,
});

const login = { flow: "login" } as const;

describe("nextStepForError (SPEC.md §4)", () => {
  it("sends a signed-in user to /api/redirect", () => {
    expect(
      nextStepForError({ status: 400, data: envelope("session_already_available", 400) }, login),
    ).toEqual({
      type: "redirect",
      url: "/api/redirect",
    });
  });

  it.each(["session_refresh_required", "browser_location_change_required"])(
    "follows the top-level redirect_browser_to of %s",
    (id) => {
      const data = envelope(id, 403, {
        redirect_browser_to: "http://localhost:3000/self-service/login/browser?refresh=true",
      });
      expect(nextStepForError({ status: 403, data }, login)).toEqual({
        type: "redirect",
        url: "http://localhost:3000/self-service/login/browser?refresh=true",
      });
    },
  );

  it("sends a forbidden return_to back to the screen root with the error", () => {
    const data = envelope("self_service_flow_return_to_forbidden", 400);
    expect(nextStepForError({ status: 400, data }, { flow: "registration" })).toEqual({
      type: "screen",
      screen: "registration",
      query: { error: "self_service_flow_return_to_forbidden" },
    });
  });

  it("shows the new flow of an expired submit (it carries the expiry message)", () => {
    const data = envelope("self_service_flow_expired", 410, { use_flow_id: "new-flow" });
    expect(nextStepForError({ status: 410, data }, login)).toEqual({
      type: "screen",
      screen: "login",
      query: { flow: "new-flow" },
    });
  });

  it("returns an expired flow without replacement to the screen with the expiry error", () => {
    const data = envelope("self_service_flow_expired", 410);
    expect(nextStepForError({ status: 410, data }, login)).toEqual({
      type: "screen",
      screen: "login",
      query: { error: "self_service_flow_expired" },
    });
  });

  it("returns a CSRF violation to the screen with the reason", () => {
    expect(
      nextStepForError({ status: 403, data: envelope("security_csrf_violation", 403) }, login),
    ).toEqual({
      type: "screen",
      screen: "login",
      query: { error: "security_csrf_violation" },
    });
  });

  it("returns an identity mismatch to the screen root", () => {
    expect(
      nextStepForError(
        { status: 403, data: envelope("security_identity_mismatch", 403) },
        { flow: "settings" },
      ),
    ).toEqual({ type: "screen", screen: "settings", query: {} });
  });

  it("sends any other 410 to the root path", () => {
    expect(
      nextStepForError({ status: 410, data: { error: { code: 410, message: "gone" } } }, login),
    ).toEqual({
      type: "screen",
      screen: "home",
      query: {},
    });
  });

  it("shows the flow a 400 answer carries (validation errors live on the flow)", () => {
    expect(nextStepForError({ status: 400, data: loginFlowJson("f-1") }, login)).toEqual({
      type: "screen",
      screen: "login",
      query: { flow: "f-1" },
    });
  });

  it("stays on the screen a flow is shown on (settings/password)", () => {
    expect(
      nextStepForError(
        { status: 400, data: loginFlowJson("f-2") },
        { flow: "settings", screen: "settings-password" },
      ),
    ).toEqual({ type: "screen", screen: "settings-password", query: { flow: "f-2" } });
  });

  it("follows a 303 to the replacement of an expired recovery flow", () => {
    expect(
      nextStepForError(
        {
          status: 303,
          data: undefined,
          location: "http://localhost:3000/self-service/recovery/flows?id=r-2",
        },
        { flow: "recovery" },
      ),
    ).toEqual({ type: "screen", screen: "recovery", query: { flow: "r-2" } });
  });

  it("does not take the id of an error page for a flow id", () => {
    expect(
      nextStepForError(
        { status: 303, data: undefined, location: "http://localhost:3000/error?id=e-1" },
        login,
      ),
    ).toEqual({ type: "redirect", url: "http://localhost:3000/error?id=e-1" });
  });

  it("sends a signed-out settings visit to login and back", () => {
    const step = nextStepForError(
      { status: 401, data: { error: { code: 401, message: "no session" } } },
      { flow: "settings", returnTo: "http://localhost:3000/self-service/settings/browser" },
    );
    expect(step).toEqual({
      type: "screen",
      screen: "login",
      query: { return_to: "http://localhost:3000/self-service/settings/browser" },
    });
  });

  it("sends an unverified address to the verification flow Kratos created", () => {
    const data = envelope("session_verified_address_required", 403);
    (data.error as Record<string, unknown>).details = {
      continue_with: [
        { action: "show_verification_ui", flow: { id: "v-1", verifiable_address: "a@b.de" } },
      ],
    };
    expect(nextStepForError({ status: 403, data }, login)).toEqual({
      type: "screen",
      screen: "verification",
      query: { flow: "v-1" },
    });
  });

  it("leaves unknown errors to the caller", () => {
    expect(
      nextStepForError({ status: 500, data: { error: { code: 500, message: "boom" } } }, login),
    ).toEqual({
      type: "unhandled",
    });
    expect(nextStepForError({ status: 0, data: undefined }, login)).toEqual({ type: "unhandled" });
  });
});

describe("isUnavailable", () => {
  it("tells a briefly unavailable identity service (503) from a broken one (500)", () => {
    expect(isUnavailable({ status: 503, data: envelope("service_unavailable", 503) })).toBe(true);
    // A load balancer's own 503 carries no envelope: still "try again in a moment".
    expect(isUnavailable({ status: 503, data: "<html>" })).toBe(true);
    expect(isUnavailable({ status: 500, data: { error: { code: 500 } } })).toBe(false);
    expect(isUnavailable({ status: 0, data: undefined })).toBe(false);
  });
});

describe("error body helpers", () => {
  it("reads known error ids only", () => {
    expect(errorIdOf(envelope("security_csrf_violation", 403))).toBe("security_csrf_violation");
    expect(errorIdOf(envelope("something_else", 400))).toBeUndefined();
    expect(errorIdOf("not json")).toBeUndefined();
  });

  it("recognises a flow body", () => {
    expect(flowIdOf(loginFlowJson("x"))).toBe("x");
    expect(flowIdOf({ id: "x" })).toBeUndefined();
  });
});

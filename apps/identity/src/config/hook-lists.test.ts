import { describe, expect, it } from "vitest";
import { loadConfig } from "./load-config.ts";

// A hook that would not run where it is configured is refused at start, with the key and the
// hooks that run there, instead of being accepted and doing nothing.

const withFlows = (flows: Record<string, unknown>) => ({
  env: {},
  overrides: { dev: true, selfservice: { flows } },
});

describe("hook lists", () => {
  it("refuse a hook that does not run where it is listed, naming those that do", () => {
    expect(() =>
      loadConfig(
        withFlows({
          registration: { after: { password: { hooks: [{ hook: "revoke_active_sessions" }] } } },
        }),
      ),
    ).toThrow(
      "selfservice.flows.registration.after.password.hooks.0.hook: must be equal to one of the allowed values: session, show_verification_ui",
    );
    expect(() =>
      loadConfig(withFlows({ login: { after: { hooks: [{ hook: "session" }] } } })),
    ).toThrow(
      "selfservice.flows.login.after.hooks.0.hook: must be equal to one of the allowed values: require_verified_address, revoke_active_sessions",
    );
    expect(() =>
      loadConfig(
        withFlows({
          settings: { after: { password: { hooks: [{ hook: "show_verification_ui" }] } } },
        }),
      ),
    ).toThrow(/selfservice\.flows\.settings\.after\.password\.hooks\.0\.hook/);
    expect(() =>
      loadConfig(withFlows({ recovery: { after: { hooks: [{ hook: "web_hook" }] } } })),
    ).toThrow(/selfservice\.flows\.recovery\.after\.hooks\.0\.hook/);
    expect(() => loadConfig(withFlows({ login: { after: { hooks: [{}] } } }))).toThrow(
      /selfservice\.flows\.login\.after\.hooks\.0: must have required property 'hook'/,
    );
  });

  it("take revoke_active_sessions after login, a password change and recovery", () => {
    const revoke = [{ hook: "revoke_active_sessions" }];
    const config = loadConfig(
      withFlows({
        login: { after: { hooks: revoke } },
        settings: { after: { password: { hooks: revoke } } },
        recovery: { after: { hooks: revoke } },
      }),
    );
    expect(config.selfservice.flows.login.after.hooks).toEqual(revoke);
    expect(config.selfservice.flows.settings.after.password.hooks).toEqual(revoke);
    expect(config.selfservice.flows.recovery.after.hooks).toEqual(revoke);
    const defaults = loadConfig({ env: {}, overrides: { dev: true } });
    expect(defaults.selfservice.flows.settings.after.password.hooks).toEqual([]);
    expect(defaults.selfservice.flows.recovery.after.hooks).toEqual([]);
  });
});

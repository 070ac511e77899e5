import { describe, expect, it } from "vitest";
import type { HookName } from "../config/config.ts";
import { loadConfig } from "../config/load-config.ts";
import { configSchema } from "../config/schema.ts";
import type { Ctx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import { configuredHooks, type HookPoint, hookActions, runHooks } from "./hook-executor.ts";

// Every hook the configuration accepts runs: each hook list of the config schema takes exactly
// the hooks that act at the points where that list runs.

const pointsOfList: Record<string, { points: HookPoint[]; method?: string }> = {
  "selfservice.flows.login.after.hooks": { points: ["loginCheck", "login"] },
  "selfservice.flows.registration.after.password.hooks": {
    points: ["registrationBefore", "registration"],
    method: "password",
  },
  "selfservice.flows.registration.after.oidc.hooks": {
    points: ["registrationBefore", "registration"],
    method: "oidc",
  },
  "selfservice.flows.registration.after.code.hooks": {
    points: ["registrationBefore", "registration"],
    method: "code",
  },
  "selfservice.flows.registration.after.passkey.hooks": {
    points: ["registrationBefore", "registration"],
    method: "passkey",
  },
  "selfservice.flows.settings.after.password.hooks": { points: ["settings"], method: "password" },
  "selfservice.flows.recovery.after.hooks": { points: ["recovery"] },
};

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: string[];
}

/** Every `hooks` list in the config schema, with the hooks its items may name. */
function hookLists(node: SchemaNode, path: string[] = []): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const childPath = [...path, key];
    const allowed = key === "hooks" ? child.items?.properties?.hook?.enum : undefined;
    if (allowed) lists.set(childPath.join("."), allowed);
    for (const [nested, names] of hookLists(child, childPath)) lists.set(nested, names);
  }
  return lists;
}

const hookNames = Object.keys(hookActions) as HookName[];

describe("the configured hooks", () => {
  it("are found in the config schema, each list known here", () => {
    const lists = hookLists(configSchema as SchemaNode);
    expect([...lists.keys()].sort()).toEqual(Object.keys(pointsOfList).sort());
  });

  it("are accepted in a list exactly when they act at one of its points", () => {
    for (const [list, allowed] of hookLists(configSchema as SchemaNode)) {
      const { points } = pointsOfList[list] ?? { points: [] };
      const acting = hookNames.filter((hook) => points.some((point) => hookActions[hook][point]));
      expect({ list, allowed: [...allowed].sort() }).toEqual({ list, allowed: acting.sort() });
    }
  });

  it("are read from the list of the point and method they run at", () => {
    const config = loadConfig({
      env: {},
      overrides: {
        dev: true,
        selfservice: {
          flows: {
            login: { after: { hooks: [{ hook: "revoke_active_sessions" }] } },
            settings: { after: { password: { hooks: [{ hook: "revoke_active_sessions" }] } } },
            registration: { after: { code: { hooks: [{ hook: "show_verification_ui" }] } } },
          },
        },
      },
    });
    for (const [list, { points, method }] of Object.entries(pointsOfList)) {
      const configured = list
        .split(".")
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], config);
      for (const point of points) expect(configuredHooks(config, point, method)).toBe(configured);
    }
    // Settings methods without a list of their own run none.
    expect(configuredHooks(config, "settings", "profile")).toEqual([]);
  });

  it("let require_verified_address refuse a password sign-in to an unverified address", async () => {
    const config = loadConfig({ env: {}, overrides: { dev: true } });
    const ctx = { deps: { config } } as unknown as Ctx;
    const identity = {
      verifiable_addresses: [{ value: "ida@example.com", verified: false }],
    } as unknown as Identity;
    expect(await runHooks(ctx, "loginCheck", { identity, identifier: "ida@example.com" })).toEqual({
      refused: "address_not_verified",
      address: "ida@example.com",
    });
    // A sign-in that names no identifier (code, passkey, social) is not asked.
    expect(await runHooks(ctx, "loginCheck", { identity, identifier: undefined })).toBeUndefined();
  });
});

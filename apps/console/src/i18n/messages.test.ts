import { consoleActionRoles, consoleErrorIds } from "@moos/contract";
import { describe, expect, it } from "vitest";
import { actionKey, messagesOf } from "./messages";

// German and English say the same things: the same keys everywhere, and a text for every error
// id and action of the console API, so nothing the API answers reaches a staff member untranslated.

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the console's texts", () => {
  it("have the same keys in German and English", () => {
    expect(keysOf(messagesOf("en")).sort()).toEqual(keysOf(messagesOf("de")).sort());
  });

  it("name every error id and every action of the console API", () => {
    for (const locale of ["de", "en"] as const) {
      const messages = messagesOf(locale) as {
        errors: Record<string, unknown>;
        audit: { actions: Record<string, string> };
      };
      for (const id of Object.keys(consoleErrorIds)) expect(messages.errors[id], id).toBeDefined();
      for (const action of Object.keys(consoleActionRoles)) {
        expect(messages.audit.actions[actionKey(action)], action).toBeTruthy();
      }
    }
  });
});

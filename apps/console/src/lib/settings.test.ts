import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consoleSettings } from "./settings";

// The table in settings.ts is what docs/configuration.md lists, so every variable the console
// reads must be in it, and every entry must be read where it says.

const APP = path.resolve(import.meta.dirname, "../..");
const source = (file: string): string => readFileSync(path.join(APP, file), "utf8");

/** Upper-case names read as `env.NAME`, `env["NAME"]` or `readUrl(env, "NAME")`. */
function namesRead(code: string): Set<string> {
  const names = new Set<string>();
  const pattern =
    /\benv\.([A-Z][A-Z0-9_]+)|\benv\[\s*"([A-Z][A-Z0-9_]+)"\s*\]|\(\s*env,\s*"([A-Z][A-Z0-9_]+)"/g;
  for (const match of code.matchAll(pattern)) names.add(match[1] ?? match[2] ?? match[3] ?? "");
  names.delete("NODE_ENV");
  names.delete("NEXT_RUNTIME");
  for (const name of names) if (name.startsWith("__NEXT")) names.delete(name);
  return names;
}

const entries = Object.entries(consoleSettings) as [string, { readBy?: string }][];
const readBy = (file: string): string[] =>
  entries.filter(([, setting]) => (setting.readBy ?? "src/lib/config.ts") === file).map(([n]) => n);

describe("the console's settings table", () => {
  for (const file of ["src/lib/config.ts", "server.mjs"]) {
    it(`names exactly the variables ${file} reads`, () => {
      expect([...namesRead(source(file))].sort()).toEqual(readBy(file).sort());
    });
  }

  it("gives server.mjs's own defaults", () => {
    const code = source("server.mjs");
    expect(code).toContain(`process.env.PORT ?? "", 10) || ${consoleSettings.PORT.default};`);
    expect(code).toContain(`process.env.HOST || "${consoleSettings.HOST.default}";`);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README's quick start must be what CI runs: the same commands in the same order, so a
// newcomer who follows it gets what CI checked. `npm start` is the one command CI leaves out
// (it serves until stopped); CI's install flags do not change what is installed.

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string): string => readFileSync(path.join(root, file), "utf8");

/** The shell commands of the README's quick start, comments dropped. */
function quickStart(): string[] {
  const section = read("README.md").split(/^## Quick start$/m)[1] ?? "";
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return commands(block);
}

/** The commands `.ci/run` runs for the project (sourcing Node, npm), in order. */
function ciCommands(): string[] {
  return commands(read(".ci/run")).filter((line) => /^(\. |npm )/.test(line));
}

function commands(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line.length > 0 && !line.startsWith("#"))
    .map((line) => line.replace(/ --no-audit| --no-fund/g, ""));
}

describe("the README's quick start", () => {
  it("runs what CI runs, plus npm start", () => {
    expect(quickStart().filter((command) => command !== "npm start")).toEqual(ciCommands());
  });

  it("is found at all", () => {
    expect(quickStart()).toEqual([". scripts/use-node.sh", "npm ci", "npm start", "npm test"]);
  });
});

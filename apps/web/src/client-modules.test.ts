// @vitest-environment node

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What the browser runs: every module a "use client" file imports, directly or through other
// modules of ours. Light pages (docs/architecture.md#the-web-app) keep translation libraries out of it: client
// components get their texts as props, the design system's own few from UiTextsProvider
// (components/ui-texts.tsx). next-intl's client side alone (its provider, the ICU parser and
// formatters) weighed 11 KB compressed on every page.

const SRC = import.meta.dirname;
const FORBIDDEN = [/^next-intl(\/|$)/, /^use-intl(\/|$)/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Imports that stay in the compiled code (`import type` and `export type` are erased). */
function runtimeImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers: string[] = [];
  const pattern =
    /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const match of code.matchAll(pattern)) specifiers.push((match[1] ?? match[2]) as string);
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]
    .filter((candidate) => existsSync(candidate))
    .at(0);
}

function isClientModule(file: string): boolean {
  return /^\s*["']use client["']/.test(readFileSync(file, "utf8"));
}

/** Every forbidden import reachable from a client module, as "importer -> specifier". */
function forbiddenInBrowser(): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue = sourceFiles(SRC).filter(isClientModule);
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (FORBIDDEN.some((pattern) => pattern.test(specifier))) {
        found.add(`${path.relative(SRC, file)} -> ${specifier}`);
      } else if (specifier.startsWith(".")) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
      }
    }
  }
  return [...found].sort();
}

describe("the browser's modules", () => {
  it("import no translation library (texts come as props or from UiTextsProvider)", () => {
    expect(forbiddenInBrowser()).toEqual([]);
  });

  it("are found: the check sees the client components and what they import", () => {
    // A check that finds nothing to look at would pass for the wrong reason.
    const clients = sourceFiles(SRC).filter(isClientModule);
    expect(clients.map((file) => path.relative(SRC, file))).toContain("components/toast.tsx");
    expect(runtimeImports(path.join(SRC, "components/toast.tsx"))).toContain("./toast-region");
  });
});

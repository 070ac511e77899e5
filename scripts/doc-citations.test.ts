import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Code comments cite the docs by anchor (`docs/protocol.md#csrf`). The link check covers
// Markdown only, so this test reads every tracked source file for such citations and checks
// that the page exists and has that heading: renaming a heading fails here until the comments
// that cite it follow.

const root = path.resolve(import.meta.dirname, "..");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(path.join(root, page), "utf8").replace(/```[\s\S]*?```/g, "");
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchor(m[1] ?? ""));
  return new Set(headings);
}

function citations(): { file: string; page: string; anchor: string }[] {
  const files = execFileSync(
    "git",
    ["ls-files", "apps", "packages", "e2e", "bench", "scripts", "deploy"],
    {
      cwd: root,
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|cjs|js|yaml|conf)$/.test(file));
  const found: { file: string; page: string; anchor: string }[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(/docs\/([a-z0-9-]+\.md)#([a-z0-9_-]+)/g)) {
      found.push({ file, page: `docs/${match[1]}`, anchor: match[2] ?? "" });
    }
  }
  return found;
}

describe("citations of docs/ in code", () => {
  const cited = citations();

  it("are found (the comments cite the docs)", () => {
    expect(cited.length).toBeGreaterThan(50);
  });

  it("name pages and headings that exist", () => {
    const pages = new Map<string, Set<string>>();
    const broken = cited.filter(({ page, anchor: wanted }) => {
      if (!pages.has(page)) pages.set(page, anchorsOf(page));
      return !pages.get(page)?.has(wanted);
    });
    expect(broken.map((c) => `${c.file}: ${c.page}#${c.anchor}`)).toEqual([]);
  });
});

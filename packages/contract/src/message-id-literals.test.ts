import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { messageCatalogue } from "./message-catalogue.ts";

// Code names its message ids (`MessageId.invalidCredentials`, message-ids.ts); a bare
// `4000006` says nothing to its reader and survives a renumbering unseen. Only the catalogue
// and the file generated from it spell ids as numbers. Tests may: they pin the wire protocol.

const root = path.join(import.meta.dirname, "../../..");
const sources = ["apps/identity/src", "apps/web/src", "packages/contract/src"];
const spelledOut = new Set(["message-catalogue.ts", "message-ids.ts"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource && !spelledOut.has(entry.name) ? [full] : [];
  });
}

/** Number literals in code (comments and strings aside) that are catalogue ids, as file:line. */
function bareMessageIds(fileName: string, code: string): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node) && Number(node.text) in messageCatalogue) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("message ids in code", () => {
  it("are found as literals in calls, constants, lists and keys, not in comments or strings", () => {
    const code = [
      "// 4000006 in a comment explains",
      'const text = "4000006";',
      "uiText(4000006);",
      "const ids = [1010016, 12345678, 4999999];",
      "const fields = { 4070006: 'code' };",
      "const view = <Alert id={1050001} />;",
    ].join("\n");
    expect(bareMessageIds("sample.tsx", code)).toEqual([
      "sample.tsx:3: 4000006",
      "sample.tsx:4: 1010016",
      "sample.tsx:5: 4070006",
      "sample.tsx:6: 1050001",
    ]);
  });

  it("are named in the identity service, the web app and the contract", () => {
    const files = sources.flatMap((folder) => sourceFiles(path.join(root, folder)));
    // The walk must reach code that sends messages, or the check below passes unseen.
    expect(files.map((file) => path.relative(root, file))).toContain(
      "apps/identity/src/strategies/password/login.ts",
    );
    const bare = files.flatMap((file) =>
      bareMessageIds(path.relative(root, file), readFileSync(file, "utf8")),
    );
    expect(bare).toEqual([]);
  });
});

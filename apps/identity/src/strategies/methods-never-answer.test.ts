import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A method (strategies/) says what happened and the flow answers (docs/architecture.md#a-request):
// it never writes the reply and never saves a flow, and every body is parsed once against its
// schema (http/body-schema.ts), so no field is read by hand in flows or methods.
// .dependency-cruiser.cjs keeps the reply helpers out of strategies/; this test catches what an
// import does not show: a flow persister reached through deps, the reply through a context.

const src = import.meta.dirname.replace(/\/strategies$/, "");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const flowWriters = new Set(["createFlow", "updateFlow"]);

/** What a method's file does that only the flow may do, as file:line: what. */
export function answersOrSaves(fileName: string, code: string): string[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const note = (node: ts.Node, what: string): void => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      const owner = node.expression.getText(file);
      if (flowWriters.has(name)) note(node, `saves a flow (${name})`);
      if (name === "flows" && /(^tx|persistence)$/.test(owner))
        note(node, "reaches the flow persister");
      if (name === "reply") note(node, "touches the reply");
    }
    if (ts.isIdentifier(node) && (node.text === "FastifyReply" || node.text === "Ctx"))
      note(node, `takes the answering context (${node.text}); methods get RequestCtx`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Fields read by hand instead of parsed once against a body schema, as file:line. */
export function readsFieldsByHand(fileName: string, code: string): string[] {
  return code
    .split("\n")
    .flatMap((line, index) =>
      /\boptionalString\b/.test(line) ? [`${fileName}:${index + 1}`] : [],
    );
}

describe("methods", () => {
  it("are caught when they save a flow, touch the reply or take the answering context", () => {
    const code = [
      "await ctx.deps.persistence.flows.updateFlow(flow);",
      "await tx.flows.createFlow(fresh);",
      "redirect(ctx.reply, target);",
      'import type { Ctx } from "../../http/context.ts";',
      "const ok = ctx.deps.config.selfservice.flows.login.ui_url;",
    ].join("\n");
    expect(answersOrSaves("sample.ts", code)).toEqual([
      "sample.ts:1: saves a flow (updateFlow)",
      "sample.ts:1: reaches the flow persister",
      "sample.ts:2: saves a flow (createFlow)",
      "sample.ts:2: reaches the flow persister",
      "sample.ts:3: touches the reply",
      "sample.ts:4: takes the answering context (Ctx); methods get RequestCtx",
    ]);
    expect(readsFieldsByHand("sample.ts", 'const x = optionalString(body, "x");')).toEqual([
      "sample.ts:1",
    ]);
  });

  it("never answer a request or save a flow", () => {
    const files = sourceFiles(path.join(src, "strategies"));
    // The walk must reach the methods, or the check below passes unseen.
    expect(files.some((f) => f.endsWith("password/login.ts"))).toBe(true);
    const found = files.flatMap((f) =>
      answersOrSaves(path.relative(src, f), readFileSync(f, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("and flows read their bodies through schemas, never field by field", () => {
    const files = [
      ...sourceFiles(path.join(src, "strategies")),
      ...sourceFiles(path.join(src, "flows")),
    ];
    expect(files.some((f) => f.endsWith("login/login-flow.ts"))).toBe(true);
    const found = files.flatMap((f) =>
      readsFieldsByHand(path.relative(src, f), readFileSync(f, "utf8")),
    );
    expect(found).toEqual([]);
  });
});

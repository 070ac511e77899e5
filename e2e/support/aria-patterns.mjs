// Turns the text that changes from run to run (test accounts' emails, flow ids, ports, dates,
// secrets) in freshly written .aria.yml trees into patterns, so a tree holds for every run:
//   npx playwright test e2e/every-screen.spec.ts e2e/every-screen-more.spec.ts -u
//   node e2e/support/aria-patterns.mjs e2e/every-screen*.spec.ts-snapshots/*.aria.yml
// Playwright already writes numbers as \d+; a value it wrote as a pattern gets the email and an
// English month name fixed.

import fs from "node:fs";

/** What changes, and the pattern that stands for it. */
const CHANGING = [
  [/e2e-\d+-[a-z0-9]+@example\.com/g, "e2e-\\d+-[a-z0-9]+@example\\.com"],
  [/e2e-\d+-[a-z0-9]+%40example\.com/g, "e2e-\\d+-[a-z0-9]+%40example\\.com"],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "[0-9a-f-]{36}"],
  [/localhost:\d+/g, "localhost:\\d+"],
  [/localhost%3A\d+/g, "localhost%3A\\d+"],
  [/127\.0\.0\.1:\d+/g, "127\\.0\\.0\\.1:\\d+"],
  [/\b\d{1,2}\.\d{1,2}\.\d{4}\b/g, "\\d{1,2}\\.\\d{1,2}\\.\\d{4}"],
  [
    /\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4}\b/g,
    "\\d{1,2} [A-Z][a-z]{2,3} \\d{4}",
  ],
  [/\b\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?\b/g, "\\d{1,2}:\\d{2}(?::\\d{2})?(?: ?[AP]M)?"],
  [/\b[A-Z2-7]{4}( [A-Z2-7]{4}){3,}\b/g, "[A-Z2-7 ]+"],
  [/\b[A-Z2-7]{16,}\b/g, "[A-Z2-7]+"],
];

/**
 * What changes inside a pattern Playwright wrote (it writes numbers as \d+ itself): an email,
 * `e2e-\d+-k3j2h1g0@example\.com`, and an English month, `\d+ Nov \d+` (en-GB dates).
 */
const CHANGING_IN_PATTERN = [
  [/e2e-\\d\+-[a-z0-9]+@example\\\.com/g, "e2e-\\d+-[a-z0-9]+@example\\.com"],
  [
    /\\d\+ (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \\d\+/g,
    "\\d+ [A-Z][a-z]{2,3} \\d+",
  ],
  // The same in a quoted line ("/When: \\d+ Nov \\d+/"), where each backslash is doubled.
  [
    /\\\\d\+ (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \\\\d\+/g,
    "\\\\d+ [A-Z][a-z]{2,3} \\\\d+",
  ],
];

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The text as an anchored pattern, or undefined when nothing in it changes. */
function toPattern(text) {
  const found = CHANGING.flatMap(([re, pattern]) =>
    [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, pattern })),
  ).sort((a, b) => a.start - b.start || b.end - a.end);
  if (found.length === 0) return undefined;
  let out = "";
  let index = 0;
  for (const mark of found) {
    if (mark.start < index) continue;
    out += escapeRegExp(text.slice(index, mark.start)) + mark.pattern;
    index = mark.end;
  }
  return `^${out}${escapeRegExp(text.slice(index))}$`;
}

function unquote(raw) {
  const text = raw.trim();
  if (text.startsWith('"')) return JSON.parse(text);
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

function convertLine(line) {
  const fixed = CHANGING_IN_PATTERN.reduce(
    (text, [re, pattern]) => text.replace(re, pattern),
    line,
  );
  if (fixed !== line) return fixed;
  const item = /^(\s*- )(.*)$/.exec(line);
  if (!item) return line;
  const [, lead, rest] = item;
  // A property or text line: `- /url: …`, `- text: …`.
  const property = /^(\/\w+|text): (.*)$/.exec(rest);
  if (property) {
    const pattern = toPattern(unquote(property[2]));
    return pattern ? `${lead}${property[1]}: ${JSON.stringify(`/${pattern}/`)}` : line;
  }
  // `role "name" [attributes]` with an optional `: value`.
  const node = /^(\w+)(?: "((?:[^"\\]|\\.)*)")?([^:]*?)(?::(?: (.*))?)?$/.exec(rest);
  if (!node) return line;
  const [, role, name, attributes, value] = node;
  const namePattern = name === undefined ? undefined : toPattern(name.replace(/\\(.)/g, "$1"));
  const valuePattern = value === undefined ? undefined : toPattern(unquote(value));
  if (!namePattern && !valuePattern) return line;
  const key = `${role}${name === undefined ? "" : namePattern ? ` /${namePattern}/` : ` "${name}"`}${attributes}`;
  const keyText = /: |#/.test(key) ? JSON.stringify(key) : key;
  const colon = rest.endsWith(":") ? ":" : "";
  const valueText =
    value === undefined ? colon : `: ${valuePattern ? JSON.stringify(`/${valuePattern}/`) : value}`;
  return `${lead}${keyText}${valueText}`;
}

for (const file of process.argv.slice(2)) {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  fs.writeFileSync(file, lines.map(convertLine).join("\n"));
}

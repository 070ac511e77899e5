import type { EntryTable, Reference, Row } from "./schema-rows.ts";

// Markdown for the generated parts of docs/configuration.md.

export function renderReference(reference: Reference): string {
  const blocks = [table(reference.rows, true)];
  for (const entry of reference.entries) blocks.push(entryBlock(entry));
  return blocks.join("\n\n");
}

function entryBlock(entry: EntryTable): string {
  return [
    `### ${entry.title}`,
    "",
    `Each entry of \`${entry.of}\`:`,
    "",
    table(entry.rows, false),
  ].join("\n");
}

function table(rows: Row[], withEnv: boolean): string {
  const head = withEnv
    ? "| key | environment | type | default | description |\n|---|---|---|---|---|"
    : "| key | type | default | description |\n|---|---|---|---|";
  const lines = rows.map((row) => {
    const cells = [
      `\`${row.key}\``,
      ...(withEnv ? [`\`${row.env ?? ""}\``] : []),
      escapeCell(row.type),
      escapeCell(row.default),
      escapeCell(row.description),
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [head, ...lines].join("\n");
}

export interface SettingRow {
  name: string;
  default: string;
  readBy: string;
  description: string;
}

export function renderSettings(rows: SettingRow[]): string {
  const head = "| variable | default | read by | description |\n|---|---|---|---|";
  const lines = rows.map(
    (row) =>
      `| \`${row.name}\` | ${escapeCell(row.default)} | \`${row.readBy}\` | ${escapeCell(row.description)} |`,
  );
  return [head, ...lines].join("\n");
}

/** Markdown tables end a cell at a bare `|`. */
function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|");
}

import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { parse } from "csv-parse";

// Reads the old shop's customers one record at a time, as a stream: memory stays flat however
// long the file is. CSV needs the header `email,first_name,last_name,password_hash,verified`
// (more columns are ignored); a file ending in .jsonl or .ndjson holds one JSON object per line
// with the same keys. Every record carries the line it starts on, for `line N: reason`.

export interface SourceRow {
  /** 1-based line in the file where the record starts. */
  line: number;
  fields: Record<string, unknown>;
}

export type SourceRecord = SourceRow | { line: number; error: string };

export function isJsonLines(file: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(file);
}

export async function* readRows(file: string): AsyncGenerator<SourceRecord> {
  if (isJsonLines(file)) yield* readJsonLines(file);
  else yield* readCsv(file);
}

async function* readJsonLines(file: string): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (!text.trim()) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value))
        yield { line, error: "not a JSON object" };
      else yield { line, fields: value as Record<string, unknown> };
    } catch {
      yield { line, error: "not valid JSON" };
    }
  }
}

async function* readCsv(file: string): AsyncGenerator<SourceRecord> {
  const skipped: SourceRecord[] = [];
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      // A broken record (an unclosed quote, say) is reported and skipped, not fatal.
      skip_records_with_error: true,
    }),
  );
  parser.on("skip", (error: Error & { lines?: number }) => {
    skipped.push({ line: error.lines ?? 0, error: `unreadable CSV (${error.message})` });
  });
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number; invalid_field_length: number };
  }>) {
    while (skipped.length > 0) yield skipped.shift()!;
    // info.lines is the line the record ends on; records here are one line each unless quoted
    // fields hold line breaks, so the start is found by counting those.
    const breaks = Object.values(record).reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    yield { line: info.lines - breaks, fields: record };
  }
  while (skipped.length > 0) yield skipped.shift()!;
}

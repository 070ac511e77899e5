// The generated parts of a Markdown file sit between `<!-- generated:NAME -->` and
// `<!-- /generated:NAME -->`; everything outside the markers is written by hand and kept.

export interface Replaced {
  text: string;
  /** Names that have no pair of markers in the file. */
  missing: string[];
}

export function replaceGenerated(text: string, parts: Record<string, string>): Replaced {
  let result = text;
  const missing: string[] = [];
  for (const [name, body] of Object.entries(parts)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = result.indexOf(open);
    const end = result.indexOf(close);
    if (start === -1 || end < start) {
      missing.push(name);
      continue;
    }
    result = `${result.slice(0, start + open.length)}\n\n${body}\n\n${result.slice(end)}`;
  }
  return { text: result, missing };
}

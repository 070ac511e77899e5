// Reads Prometheus's text exposition format (version 0.0.4) into samples, enough for tests.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** `# TYPE` lines: metric family name to type. */
  types: Map<string, string>;
  /** The one sample matching name and (a subset of) labels; 0 when there is none. */
  value(name: string, labels?: Record<string, string>): number;
  /** The sum of all samples of the name matching the labels. */
  sum(name: string, labels?: Record<string, string>): number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheus(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("# TYPE ")) {
      const [name = "", type = ""] = line.slice("# TYPE ".length).split(" ");
      types.set(name, type);
      continue;
    }
    if (line === "" || line.startsWith("#")) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key = "", value = ""] of (match[2] ?? "").matchAll(labelPair))
      labels[key] = value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  const matching = (name: string, labels: Record<string, string>): Sample[] =>
    samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  return {
    samples,
    types,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
      return found[0]?.value ?? 0;
    },
    sum: (name, labels = {}) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
  };
}

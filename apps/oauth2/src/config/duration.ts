const unitMs: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Parses Go-style durations as kratos.yml writes them ("1h", "15m", "1h30m", "500ms"). */
export function parseDuration(value: string): number {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== value) {
    throw new Error(`"${value}" is not a duration like 30s, 15m or 1h`);
  }
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (unitMs[unit!] ?? 0), 0);
}

export const durationPattern = "^(\\d+(\\.\\d+)?(ms|s|m|h))+$";

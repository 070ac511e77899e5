export function telemetryArgs(env: Readonly<Record<string, string | undefined>>): string[];
export function withServiceName(
  env: Readonly<Record<string, string | undefined>>,
  service: string,
): Record<string, string | undefined>;

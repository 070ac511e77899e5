import { benchAppDevice, forDuration, frontend, login, register } from "./support/accounts.ts";
import type { LoadGenerator } from "./support/load-generator.ts";
import type { Row } from "./support/measure.ts";
import { whoami } from "./support/measure.ts";
import { startOtlpSink } from "./support/otlp-sink.ts";
import type { Service } from "./support/service.ts";

// What tracing costs (docs/observability.md): the same identity service, on PostgreSQL (so
// each query is a span), started once with tracing off (no OTLP endpoint: the launchers add no
// --import and no SDK loads) and once on (every request traced and exported as protobuf to a
// local OTLP endpoint, the default sampler keeping every trace). whoami as fast as the service
// answers and at 1,000 req/s, and password sign-ins 8 at a time, as the identity rows measure
// them. `BENCH_PARTS=tracing` runs this part alone.

type Mode = "off" | "on";

interface Measured {
  readonly whoamiRps: number;
  readonly whoamiSummary: string;
  readonly atRateP99: number;
  readonly atRateSummary: string;
  readonly logins: number;
  readonly exported: string;
}

export async function tracingRows(options: {
  readonly generator: LoadGenerator;
  readonly start: (env: Record<string, string>) => Promise<Service>;
  readonly log: (message: string) => void;
}): Promise<Row[]> {
  const sink = await startOtlpSink();
  const measured = new Map<Mode, Measured>();
  try {
    for (const mode of ["off", "on"] as const) {
      options.log(`tracing ${mode}`);
      const env: Record<string, string> =
        mode === "on"
          ? {
              OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint,
              OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
            }
          : {};
      const before = sink.received();
      const service = await options.start(env);
      try {
        measured.set(mode, await measure(service, mode, options.generator));
      } finally {
        await service.stop();
      }
      const after = sink.received();
      const exported =
        mode === "on"
          ? `${after.exports - before.exports} exports, ${((after.bytes - before.bytes) / 2 ** 20).toFixed(1)} MiB`
          : "none";
      measured.set(mode, { ...(measured.get(mode) as Measured), exported });
    }
  } finally {
    await sink.close();
  }
  const off = measured.get("off") as Measured;
  const on = measured.get("on") as Measured;
  const change = (from: number, to: number): string =>
    `${to >= from ? "+" : ""}${((100 * (to - from)) / from).toFixed(1)} %`;
  return [
    {
      figure: "whoami, most requests/s (X-Session-Token), tracing off / on",
      db: "PostgreSQL",
      goal: "(measured)",
      measured: `${off.whoamiSummary} / ${on.whoamiSummary} (${change(off.whoamiRps, on.whoamiRps)})`,
      met: true,
    },
    {
      figure: "whoami p99 at 1,000 req/s, tracing off / on",
      db: "PostgreSQL",
      goal: "< 5 ms",
      measured: `${off.atRateSummary} / ${on.atRateSummary}`,
      met: off.atRateP99 < 5 && on.atRateP99 < 5,
    },
    {
      figure: "password logins/s (8 in flight), tracing off / on",
      db: "PostgreSQL",
      goal: "(measured)",
      measured: `${off.logins.toFixed(1)}/s / ${on.logins.toFixed(1)}/s (${change(off.logins, on.logins)}); exported with tracing on: ${on.exported}`,
      met: true,
    },
  ];
}

async function measure(service: Service, mode: Mode, generator: LoadGenerator): Promise<Measured> {
  const api = frontend(service.publicUrl, { device: benchAppDevice });
  const token = await register(api, `tracing-${mode}@bench.example`);
  const accounts: string[] = [];
  for (let i = 0; i < 8; i++) {
    const email = `tracing-${mode}-${i}@bench.example`;
    await register(api, email);
    accounts.push(email);
  }
  const url = `${service.publicUrl}/sessions/whoami`;
  const fastest = await whoami(generator, {
    url,
    headers: { "x-session-token": token },
    seconds: 4,
    warmupSeconds: 3,
  });
  const atRate = await whoami(generator, {
    url,
    headers: { "x-session-token": token },
    seconds: 10,
    rate: 1000,
    warmupSeconds: 2,
  });
  const logins = await forDuration(6, 8, (i) =>
    login(api, accounts[i % accounts.length] as string),
  );
  return {
    whoamiRps: fastest.rps,
    whoamiSummary: fastest.summary,
    atRateP99: atRate.p99,
    atRateSummary: atRate.summary,
    logins,
    exported: "",
  };
}

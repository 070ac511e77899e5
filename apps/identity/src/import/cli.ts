import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { runImport } from "./run-import.ts";

// `npm run import -- FILE [--resume] [--admin-url URL] [--token T] [--password-hook]
//  [--source NAME] [--batch-size N]`: imports the old shop's customers (docs/newsletter-deletion-migration.md#importer).
// Bad rows go to stderr as `line N: reason` and the run goes on; the summary goes
// to stdout. Exit 0 when the file was read to the end (even with bad rows), 1 when the run
// stopped (the service unreachable or refusing the token; `--resume` continues), 2 on usage
// errors; `--help` prints the usage and exits 0.

const usage =
  "usage: npm run import -- FILE [--resume] [--admin-url URL] [--token TOKEN] [--password-hook] [--source NAME] [--batch-size N] [--help]";

/** The local profile's admin token, so `npm start` + `npm run import` work without setup. */
function localToken(): string | undefined {
  const file = new URL("../../config/local.yaml", import.meta.url);
  try {
    const config = parseYaml(readFileSync(file, "utf8")) as {
      serve?: { admin?: { token?: string } };
    };
    return config.serve?.admin?.token;
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  // npm runs scripts from the workspace root; the file is meant relative to where it was typed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  if (!existsSync(file)) {
    console.error(`import: no such file: ${file}`);
    return 2;
  }
  const batchSize = Number(values["batch-size"] ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000) {
    console.error("import: --batch-size must be from 1 to 1000");
    return 2;
  }
  const token = values.token ?? process.env.IDENTITY_ADMIN_TOKEN ?? localToken() ?? "";
  try {
    const summary = await runImport({
      file,
      adminUrl: values["admin-url"] ?? process.env.IDENTITY_ADMIN_URL ?? "http://127.0.0.1:4434",
      token,
      resume: values.resume ?? false,
      passwordHook: values["password-hook"] ?? false,
      ...(values.source ? { source: values.source } : {}),
      batchSize,
      report: (line) => console.error(line),
    });
    const resumed = summary.resumedAfter > 0 ? ` (resumed after line ${summary.resumedAfter})` : "";
    console.log(
      `import finished${resumed}: ${summary.created} created, ${summary.existing} already present, ${summary.bad} bad rows`,
    );
    return 0;
  } catch (error) {
    console.error(`import stopped: ${error instanceof Error ? error.message : String(error)}`);
    console.error("run the same command with --resume to continue after the last saved batch");
    return 1;
  }
}

function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      resume: { type: "boolean" },
      "admin-url": { type: "string" },
      token: { type: "string" },
      "password-hook": { type: "boolean" },
      source: { type: "string" },
      "batch-size": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

process.exitCode = await main();

import { basename } from "node:path";
import { parseArgs } from "node:util";
import { cleanup } from "./commands/cleanup.ts";
import { addAdmin } from "./commands/console.ts";
import { migrate } from "./commands/migrate.ts";
import { serve } from "./commands/serve.ts";
import { loadConfig } from "./config/load-config.ts";

// The identity service's command line; runs as source (`node --conditions=development
// src/main.ts`, Node strips the types) and compiled (`node dist/main.js`):
//   main.ts [serve] [--config FILE]   runs the service (the default command)
//   main.ts migrate [--config FILE]   applies the database migrations and exits
//   main.ts cleanup [--config FILE]   deletes expired rows once, prints the counts and exits
//   main.ts console add-admin EMAIL [--reason TEXT] [--config FILE]
//                                     makes the account an admin of the customer-service console
// The config file may also be named by IDENTITY_CONFIG; the environment overrides it.

const usage = `usage: ${basename(process.argv[1] ?? "main.js")} [serve | migrate | cleanup | console add-admin EMAIL] [--config FILE]
  serve     run the identity service until SIGTERM or SIGINT (the default)
  migrate   apply the pending database migrations and exit
  cleanup   delete expired flows, sessions, codes, sent emails and rate limits
            (cleanup.keep) and older account activity (security.activity.retention)
            once, print the rows deleted per table and exit; on PGlite, run it while
            the service is stopped
  console add-admin EMAIL [--reason TEXT]
            make the account with this email address an admin of the customer-service
            console (audited); on PGlite, run it while the service is stopped
  --config  a YAML or JSON config file (default: IDENTITY_CONFIG, else built-in defaults)`;

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/** The exit code, or undefined while the service runs (it exits on a signal). */
async function main(): Promise<number | undefined> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${describe(error)}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [command = "serve", ...rest] = positionals;
  const consoleCommand = command === "console" && rest[0] === "add-admin" && rest.length === 2;
  if (
    !(consoleCommand || (["serve", "migrate", "cleanup"].includes(command) && rest.length === 0)) ||
    (values.reason !== undefined && !consoleCommand)
  ) {
    console.error(usage);
    return 2;
  }
  try {
    const config = loadConfig(values.config ? { file: values.config } : {});
    if (command === "migrate") {
      await migrate(config);
      return 0;
    }
    if (command === "cleanup") {
      console.log(await cleanup(config));
      return 0;
    }
    if (consoleCommand) {
      const options = values.reason !== undefined ? { reason: values.reason } : {};
      console.log(await addAdmin(config, rest[1]!, options));
      return 0;
    }
    await serve(config);
    return undefined;
  } catch (error) {
    console.error(describe(error));
    return 1;
  }
}

function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      config: { type: "string" },
      reason: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

const code = await main();
if (code !== undefined) process.exit(code);

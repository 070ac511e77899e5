import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import { migrate, openDatabase } from "./persistence/connect.ts";

// The OpenID Connect provider: `node src/main.ts [migrate] [--config file]` (or
// OAUTH2_CONFIG=file). `migrate` applies pending database migrations and exits; without it the
// provider migrates too and then serves.

const args = process.argv.slice(2);
const configFlag = args.indexOf("--config");
const file = configFlag >= 0 ? args[configFlag + 1] : undefined;
const command = args.find((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--config");

try {
  const config = loadConfig(file ? { file } : {});
  if (command === "migrate") {
    const { db } = openDatabase(config.dsn, {
      connectTimeoutMs: config.database.connect_timeout,
      queryTimeoutMs: 0,
    });
    const applied = await migrate(config.dsn, {
      connectTimeoutMs: config.database.connect_timeout,
      embedded: db,
      onRetry: (error, delayMs) =>
        console.error(`database not reachable (${describe(error)}); trying again in ${delayMs} ms`),
    }).finally(() => db.destroy());
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  } else if (command !== undefined && command !== "serve") {
    console.error(`unknown command "${command}": use serve (default) or migrate`);
    process.exit(2);
  } else {
    const app = await createApp(config);
    const { publicUrl, adminUrl } = await app.listen();
    app.logger.info(
      { public_url: publicUrl, admin_url: adminUrl },
      "OpenID Connect provider listening",
    );
    const stop = async (): Promise<void> => {
      await app.close();
      process.exit(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  }
} catch (error) {
  console.error(describe(error));
  process.exit(1);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

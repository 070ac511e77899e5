import { createApp } from "../composition/app.ts";
import type { Config } from "../config/config.ts";
import { startIdleCollector } from "./idle-collector.ts";

// `main.ts [serve]`: runs both servers and the outbox dispatchers until SIGTERM or SIGINT, then
// shuts down gracefully within `serve.shutdown_timeout` (App.close) and exits 0. A second
// signal, or a shutdown that overruns its deadline by far, ends the process at once with 1.

/** Time beyond the shutdown timeout for closing the database and flushing logs. */
const backstopMs = 5_000;

export async function serve(config: Readonly<Config>): Promise<void> {
  const app = await createApp(config);
  const { publicUrl, adminUrl } = await app.listen();
  app.logger.info(
    { public_url: publicUrl, admin_url: adminUrl, instances: config.instances },
    "identity service listening",
  );
  const idleCollector = startIdleCollector({
    onError: (err) => app.logger.warn({ err }, "idle memory collection failed"),
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      app.logger.warn({ signal }, "second signal during shutdown: exiting now");
      process.exit(1);
    }
    stopping = true;
    idleCollector.stop();
    const timeoutMs = config.serve.shutdown_timeout;
    app.logger.info({ signal, timeout_ms: timeoutMs }, "shutting down");
    setTimeout(() => {
      app.logger.error({ timeout_ms: timeoutMs }, "shutdown overran its deadline: exiting now");
      process.exit(1);
    }, timeoutMs + backstopMs).unref();
    app.close({ timeoutMs }).then(
      () => {
        app.logger.info("shut down");
        process.exit(0);
      },
      (err: unknown) => {
        app.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

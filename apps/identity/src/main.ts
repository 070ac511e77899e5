import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";

// Starts the identity service: `tsx src/main.ts [--config file]` (or IDENTITY_CONFIG=file).

const configFlag = process.argv.indexOf("--config");
const file = configFlag >= 0 ? process.argv[configFlag + 1] : undefined;

try {
  const config = loadConfig(file ? { file } : {});
  const app = await createApp(config);
  const { publicUrl, adminUrl } = await app.listen();
  console.log(`identity service: public ${publicUrl}, admin ${adminUrl}`);
  const stop = async (): Promise<void> => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

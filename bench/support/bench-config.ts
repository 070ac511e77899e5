import type { Config } from "../../apps/identity/src/config/config.ts";
import { loadConfig } from "../../apps/identity/src/config/load-config.ts";
import { benchEnv } from "./service.ts";

/**
 * The configuration the service starts with from benchEnv (and `env`), read as the service
 * reads it: its own defaults wherever neither sets a key.
 */
export function benchServiceConfig(
  publicPort: number,
  env: Record<string, string> = {},
): Readonly<Config> {
  return loadConfig({ env: { ...benchEnv(publicPort), DSN: "memory://", ...env } });
}

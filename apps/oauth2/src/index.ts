// What other workspaces use of the provider: the identity service's contract tests start it in
// their own process (createApp with a config from loadConfig), as the provider's own tests do.

export { type App, createApp } from "./app.ts";
export type { Config } from "./config/config.ts";
export { loadConfig } from "./config/load-config.ts";

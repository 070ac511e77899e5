import { startLocalProvider } from "./local-provider.ts";

// `node src/main.ts [--port N]`: the local sign-in provider for `npm start` and the browser
// tests. LOCAL_PROVIDER_PORT sets the port (4446), LOCAL_PROVIDER_RELYING_PARTIES the
// comma-separated public base URLs of identity services that may receive callbacks.

const portFlag = process.argv.indexOf("--port");
const port = Number(
  (portFlag >= 0 ? process.argv[portFlag + 1] : undefined) ??
    process.env.LOCAL_PROVIDER_PORT ??
    4446,
);
const relyingParties = process.env.LOCAL_PROVIDER_RELYING_PARTIES?.split(",")
  .map((u) => u.trim())
  .filter(Boolean);

const provider = await startLocalProvider({
  port,
  ...(relyingParties?.length ? { relyingParties } : {}),
});
console.log(
  `local sign-in provider: ${["google", "apple", "facebook"].map((k) => `${provider.url}/${k}`).join(", ")}`,
);
const stop = async (): Promise<void> => {
  await provider.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

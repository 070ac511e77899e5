// `npm start`: the whole product locally: mail inbox (MailDev), local sign-in provider
// (Google, Apple and Facebook stand-ins), identity service, OpenID Connect provider, web app,
// the customer-service console and the example shop that signs in through them.
// Prints the URLs; Ctrl-C stops everything.
import { spawn } from "node:child_process";
import { withIdentityProcessEnv } from "./identity-process-env.mjs";
import { telemetryArgs, withServiceName } from "./telemetry-args.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const children = [];

function run(name, command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
    env: withServiceName(options.env ?? env, name),
  });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) console.log(prefix(line));
    });
  }
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(prefix(`exited with ${code}; stopping`));
      stop(1);
    }
  });
  children.push(child);
  return child;
}

function runToEnd(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env, ...options });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${code})`)),
    );
  });
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// The same build production runs (compiled JavaScript, the web app's standalone server), made
// only when a source changed since the last one.
await runToEnd("build", process.execPath, ["scripts/build.mjs", "--if-changed"]);

run("mail", process.execPath, [
  "node_modules/maildev/dist/bin/maildev.js",
  ...["--ip", "127.0.0.1", "--smtp", "1025", "--web", "1080", "--silent"],
]);
run("provider", process.execPath, ["apps/local-provider/dist/main.js", "--port", "4446"]);
run(
  "identity",
  process.execPath,
  [
    ...telemetryArgs(env),
    "apps/identity/dist/main.js",
    "--config",
    "apps/identity/config/local.yaml",
  ],
  { env: withIdentityProcessEnv(env) },
);
// The OpenID Connect provider (apps/oauth2/config/local.yaml): the web app is its login,
// consent and logout app, the example shop and the Moos app are its clients.
run("oauth2", process.execPath, [
  ...telemetryArgs(env),
  "apps/oauth2/dist/main.js",
  "--config",
  "apps/oauth2/config/local.yaml",
]);
run("shop", process.execPath, ["apps/shop-example/dist/main.js"], {
  env: { ...env, SHOP_PORT: "4455" },
});
// The admin API of the local profile (apps/identity/config/local.yaml): newsletter consent,
// account deletion and the User migration check need it.
// server.mjs: Next's handler behind a server that records each client's address (apps/web).
run("web", process.execPath, [...telemetryArgs(env), "server.mjs"], {
  cwd: "apps/web/.next/standalone/apps/web",
  env: {
    ...env,
    PORT: "3000",
    HOST: "localhost",
    ORY_ADMIN_URL: env.ORY_ADMIN_URL ?? "http://127.0.0.1:4434",
    ORY_ADMIN_TOKEN: env.ORY_ADMIN_TOKEN ?? "local-admin-token-not-secret",
    // The provider's admin API (consent and logout screens), local profile's token.
    ORY_OAUTH2_ADMIN_URL: env.ORY_OAUTH2_ADMIN_URL ?? "http://127.0.0.1:4445",
    ORY_OAUTH2_ADMIN_TOKEN: env.ORY_OAUTH2_ADMIN_TOKEN ?? "local-oauth2-admin-token-not-secret",
  },
});

// The customer-service console (apps/console), signing staff in through the provider (client
// `moos-console` of apps/oauth2/config/local.yaml) and asking the identity service's console API
// (console.token of apps/identity/config/local.yaml). Its other settings' defaults are these
// local ones (docs/configuration.md#customer-service-console); `APP_ENV=local` lets it use them.
run("console", process.execPath, [...telemetryArgs(env), "server.mjs"], {
  cwd: "apps/console/.next/standalone/apps/console",
  env: { ...env, PORT: "3100", HOST: "localhost", APP_ENV: env.APP_ENV ?? "local" },
});

console.log(`
  Moos is starting:
    web app            http://localhost:3000
    console            http://localhost:3100   (customer service; first admin:
                                                npm run console -- add-admin <email>)
    identity (public)  http://127.0.0.1:4433
    identity (admin)   http://127.0.0.1:4434
    mail inbox         http://localhost:1080   (SMTP 127.0.0.1:1025)
    sign-in provider   http://127.0.0.1:4446   (local Google, Apple, Facebook)
    OpenID provider    http://127.0.0.1:4444   (admin http://127.0.0.1:4445)
    example shop       http://127.0.0.1:4455   ("Anmelden" signs in through Moos)
  Ctrl-C stops everything.
`);

// Builds and starts (server.mjs) the web app for the browser tests from a private copy (e2e/.data/web), so a
// test run never swaps the build under an `npm start` or `next start` running from apps/web,
// and a build made there never changes the app under a test run. The copy is refreshed from
// apps/web on every run (its .next/cache is kept, so rebuilds are faster); `.data` folders are
// ignored by git and Biome.
import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const source = path.join(root, "apps", "web");
// WEB_COPY_DIR lets the benchmark build its own copy beside a test run.
const target = process.env.WEB_COPY_DIR
  ? path.resolve(root, process.env.WEB_COPY_DIR)
  : path.join(root, "e2e", ".data", "web");
const port = process.env.E2E_WEB_PORT ?? "3100";

/** Empties the copy except the build cache. */
function clearCopy() {
  if (!existsSync(target)) return;
  for (const entry of readdirSync(target)) {
    if (entry !== ".next") rmSync(path.join(target, entry), { recursive: true, force: true });
  }
  const build = path.join(target, ".next");
  if (!existsSync(build)) return;
  for (const entry of readdirSync(build)) {
    if (entry !== "cache") rmSync(path.join(build, entry), { recursive: true, force: true });
  }
}

function refreshCopy() {
  clearCopy();
  const skipped = new Set([".next", "node_modules", "tsconfig.tsbuildinfo"]);
  cpSync(source, target, {
    recursive: true,
    filter: (file) => !skipped.has(path.relative(source, file).split(path.sep)[0] ?? ""),
  });
  // One folder deeper than apps/web: the shared tsconfig is one more level up.
  const tsconfigPath = path.join(target, "tsconfig.json");
  const tsconfig = readFileSync(tsconfigPath, "utf8").replace(
    '"../../tsconfig.base.json"',
    '"../../../tsconfig.base.json"',
  );
  writeFileSync(tsconfigPath, tsconfig);
}

function run(command, args, env = process.env) {
  return spawn(command, args, { cwd: target, stdio: "inherit", env });
}

refreshCopy();
const build = run("npx", ["next", "build"]);
build.on("exit", (code) => {
  if (code !== 0) process.exit(code ?? 1);
  // The app's production server (apps/web/server.mjs), which knows each client's address.
  const server = run("node", ["server.mjs"], { ...process.env, PORT: port, HOST: "localhost" });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  server.on("exit", (serverCode) => process.exit(serverCode ?? 0));
});

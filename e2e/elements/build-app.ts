// Installs and builds the peer app (e2e/elements-app) for the Ory Elements suite, once: its own
// dependencies (`npm ci`, its package-lock.json) when they changed, and `next build` when any of
// its files changed since the last build, as scripts/build.mjs --if-changed does for the product.
// The fingerprints live in e2e/.data/.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { E2E_DATA, REPO_ROOT } from "../support/services/processes.ts";

export const APP_DIR = path.join(REPO_ROOT, "e2e/elements-app");
const INSTALL_STAMP = path.join(E2E_DATA, "elements-app-install-stamp");
const BUILD_STAMP = path.join(E2E_DATA, "elements-app-build-stamp");

function run(command: string, args: readonly string[]): void {
  const result = spawnSync(command, args, {
    cwd: APP_DIR,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`elements-app: ${command} ${args.join(" ")} failed`);
}

/** A hash of the app's files as git sees them (tracked or new), without build output. */
function fingerprint(files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    const full = path.join(REPO_ROOT, file);
    if (!existsSync(full)) continue;
    hash.update(file).update("\0").update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

function appFiles(): string[] {
  const listed = spawnSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "e2e/elements-app"],
    { cwd: REPO_ROOT, encoding: "utf8" },
  );
  if (listed.status !== 0) throw new Error("elements-app: git ls-files failed");
  return listed.stdout.split("\0").filter(Boolean);
}

function upToDate(stampFile: string, stamp: string): boolean {
  return existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
}

function stampIt(stampFile: string, stamp: string): void {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, stamp);
}

export function buildApp(): void {
  const lock = fingerprint(["e2e/elements-app/package-lock.json"]);
  if (!existsSync(path.join(APP_DIR, "node_modules")) || !upToDate(INSTALL_STAMP, lock)) {
    run("npm", ["ci", "--no-audit", "--no-fund"]);
    stampIt(INSTALL_STAMP, lock);
  }
  const files = fingerprint(appFiles());
  if (existsSync(path.join(APP_DIR, ".next/BUILD_ID")) && upToDate(BUILD_STAMP, files)) return;
  run(process.execPath, [path.join(APP_DIR, "node_modules/next/dist/bin/next"), "build"]);
  stampIt(BUILD_STAMP, files);
}

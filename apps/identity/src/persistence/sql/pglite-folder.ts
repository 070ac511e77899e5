import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// A new PGlite data folder is created (initdb) and migrated in a short-lived child process, and
// the service then opens the finished folder (to keep the service's idle memory low). PGlite runs initdb in a
// second, temporary WebAssembly PostgreSQL, and initdb and the migrations grow the WebAssembly
// memory and the allocator's arenas by some 100 MB that a process never returns: a service that
// made its own folder idled at about 380 MB, one that opened an existing folder at about 270 MB.
// In a child that memory goes back to the system when it exits.

/** Whether `folder` holds no PostgreSQL data folder yet (PGlite would run initdb). */
export function isNewPgliteFolder(folder: string): boolean {
  return !existsSync(join(folder, "PG_VERSION"));
}

/**
 * Creates the data folder in a child process; with `migrations: "apply"` the child applies
 * them too. Throws with the child's error output when it fails.
 */
export async function createPgliteFolder(
  folder: string,
  options: { migrations: "apply" | "check" | "skip" },
): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  // The child beside this file, compiled (`.js`) or as source (`.ts`, which Node runs by
  // stripping its types, as in development and the tests).
  const extension = extname(self);
  const child = join(self, "..", `pglite-folder-child${extension}`);
  const loader = extension === ".ts" ? ["--conditions=development"] : [];
  // WebAssembly's baseline compiler only: the child's queries are few, and V8's optimising
  // compiler would take more CPU for PGlite's 6 MB module than they (measured: 1.6 s of CPU
  // instead of 2.9 s for initdb and the migrations).
  const v8Flags = ["--liftoff-only"];
  const process_ = spawn(
    process.execPath,
    [
      ...loader,
      ...v8Flags,
      child,
      resolve(folder),
      options.migrations === "apply" ? "migrate" : "create",
    ],
    {
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let errors = "";
  process_.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const [code, signal] = (await once(process_, "exit")) as [number | null, string | null];
  if (code !== 0) {
    throw new Error(
      `creating the PGlite data folder ${folder} failed (${signal ?? `exit ${code}`}): ${errors.trim()}`,
    );
  }
}

import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { createPgliteFolder } from "../../src/persistence/sql/pglite-folder.ts";

// PGlite's initdb costs 1.5 to 2.5 s of CPU, and the tests start dozens of embedded databases.
// So the Vitest run (vitest.config.ts's globalSetup) makes one empty data folder, and each
// test's database is a copy of it (a tenth of that): a copy is a database of its own, as fresh
// as `memory://`, its migrations applied by the code under test as on any new database.

declare module "vitest" {
  interface ProvidedContext {
    /** The empty PGlite data folder the tests copy (initdb done, no migrations). */
    pgliteTemplate: string;
  }
}

/** Vitest's globalSetup: makes the template once per run and removes it, copies included. */
export default async function setup(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), "moos-vitest-pglite-"));
  const template = join(root, "template");
  await createPgliteFolder(template, { migrations: "check" });
  project.provide("pgliteTemplate", template);
  return () => rmSync(root, { recursive: true, force: true });
}

export interface PgliteCopy {
  /** `pglite://<the copy>`. */
  readonly dsn: string;
  /** Removes the copy; call it once the database is closed. */
  remove(): void;
}

/** A new embedded database: a copy of the run's empty template, in a folder of its own. */
export function pgliteCopy(): PgliteCopy {
  const template = inject("pgliteTemplate");
  if (!template) throw new Error("no PGlite template: run the tests with vitest.config.ts");
  const folder = mkdtempSync(join(template, "..", "copy-"));
  cpSync(template, folder, { recursive: true });
  return {
    dsn: `pglite://${folder}`,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

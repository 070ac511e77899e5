import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

// A new embedded database for a test: a copy of the empty PGlite data folder the Vitest run made
// once (vitest.config.ts's globalSetup), instead of PGlite's initdb for every provider, which
// costs 1.5 to 2.5 s of CPU. (A copy of the identity service's test helper: apps share no code.)

declare module "vitest" {
  interface ProvidedContext {
    /** The empty PGlite data folder the tests copy (initdb done, no migrations). */
    pgliteTemplate: string;
  }
}

export interface PgliteCopy {
  /** `pglite://<the copy>`. */
  readonly dsn: string;
  /** Removes the copy; call it once the database is closed. */
  remove(): void;
}

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

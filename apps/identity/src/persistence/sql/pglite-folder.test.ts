import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { createPgliteFolder, isNewPgliteFolder } from "./pglite-folder.ts";

// A new data folder is made in a child process (to keep the service's idle memory low); the service opens the
// finished folder. What the child did must be exactly what the service asked for.

const root = mkdtempSync(join(tmpdir(), "moos-pglite-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new PGlite data folder", () => {
  it("is created and migrated by the child when the service applies migrations", async () => {
    const folder = join(root, "apply");
    expect(isNewPgliteFolder(folder)).toBe(true);
    const handle = await openDatabase(`pglite://${folder}`, { migrations: "apply" });
    try {
      expect(isNewPgliteFolder(folder)).toBe(false);
      const tables = await handle.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain("identities");
    } finally {
      await handle.db.destroy();
    }
  });

  it("is created but not migrated when the service only checks the schema", async () => {
    const folder = join(root, "check");
    await expect(openDatabase(`pglite://${folder}`, { migrations: "check" })).rejects.toThrow(
      /the database schema is behind/,
    );
    expect(isNewPgliteFolder(folder)).toBe(false);
  });

  it("reports why the child failed", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "not a folder");
    await expect(createPgliteFolder(join(file, "db"), { migrations: "apply" })).rejects.toThrow(
      /creating the PGlite data folder .* failed \(exit \d+\): \S/,
    );
  });
});

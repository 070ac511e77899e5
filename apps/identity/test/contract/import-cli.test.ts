import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { signInNative } from "./account-helpers.ts";

// User migration (docs/newsletter-deletion-migration.md#importer): `npm run import -- FILE` as a child process against a running
// service, with the sample file (apps/identity/import/sample, passwords in its README).

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const sample = fileURLToPath(
  new URL("../../import/sample/old-shop-customers.csv", import.meta.url),
);
const cli = fileURLToPath(new URL("../../src/import/cli.ts", import.meta.url));

let h: Harness;
let folder: string;
beforeAll(async () => {
  h = await startHarness();
  folder = mkdtempSync(join(tmpdir(), "moos-import-"));
});
afterAll(async () => {
  await h?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runImport(file: string, ...extra: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=development", cli, file, "--admin-url", h.adminUrl, ...extra],
      { cwd: root, env: { ...process.env, IDENTITY_ADMIN_TOKEN: h.adminToken } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function storedHash(email: string): Promise<string> {
  const identity = await h.app.deps.persistence.identities.findIdentityByIdentifier(
    "password",
    email,
  );
  return String(identity?.credentials.find((c) => c.type === "password")?.config.hashed_password);
}

describe("npm run import", () => {
  it("prints the usage for --help and -h and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const run = await runImport(flag);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^usage: npm run import -- FILE /);
      expect(run.stderr).toBe("");
    }
  });

  it("imports the sample, reports bad rows by line, and changes nothing on a second run", async () => {
    const file = join(folder, "old-shop-customers.csv");
    copyFileSync(sample, file);

    const first = await runImport(file);
    expect(first.code).toBe(0);
    const badLines = first.stderr.split("\n").filter((line) => /^line \d+:/.test(line));
    expect(badLines).toHaveLength(3);
    expect(badLines[0]).toBe('line 11: "not-an-email" is not a valid email address');
    expect(badLines[1]).toMatch(
      /^line 12: The imported password does not match any known hash format/,
    );
    expect(badLines[2]).toBe("line 13: email is missing");
    expect(first.stdout.trim()).toBe("import finished: 9 created, 0 already present, 3 bad rows");

    const second = await runImport(file);
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe("import finished: 0 created, 9 already present, 3 bad rows");

    const imported = await h.identityApi().listIdentities({
      credentialsIdentifier: "anna.becker@old-shop.example",
    });
    expect(imported).toHaveLength(1);
    expect(imported[0]?.metadata_admin).toMatchObject({
      migration: { source: "old-shop-customers" },
    });
    const clara = await h.app.deps.persistence.identities.findIdentityByRecoveryAddress(
      "clara.wolf@old-shop.example",
    );
    // No hash: no password, but an email code credential, so the login screen's User
    // migration check (credentials_identifier) finds the customer.
    expect(clara?.credentials.map((c) => c.type)).toEqual(["code"]);
    const found = await h.identityApi().listIdentities({
      credentialsIdentifier: "clara.wolf@old-shop.example",
    });
    expect(found.map((i) => i.id)).toEqual([clara?.id]);
  });

  it("lets imported bcrypt and phpass customers sign in, and upgrades their hash to argon2id", async () => {
    for (const [email, password, before] of [
      ["anna.becker@old-shop.example", "Monstera-2019", /^\$2y\$10\$/],
      ["paul.wagner@old-shop.example", "Farnwedel-77", /^\$P\$B/],
      ["lea.schulz@old-shop.example", "Kaktusblüte-5", /^\$H\$9/],
    ] as const) {
      expect(await storedHash(email)).toMatch(before);
      await signInNative(h, email, password);
      expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it("resumes after the last acknowledged line and reads JSON lines", async () => {
    const file = join(folder, "customers.jsonl");
    const rows = Array.from({ length: 7 }, (_, i) =>
      JSON.stringify({
        email: `resume-${i}@old-shop.example`,
        first_name: "Rita",
        last_name: "Resume",
        password_hash: "",
        verified: i % 2 === 0,
      }),
    );
    writeFileSync(file, `${rows.slice(0, 5).join("\n")}\n{broken\n`);
    const first = await runImport(file, "--batch-size", "2");
    expect(first.stderr).toContain("line 6: not valid JSON");
    expect(first.stdout.trim()).toBe("import finished: 5 created, 0 already present, 1 bad rows");
    expect(existsSync(`${file}.import-state.json`)).toBe(true);

    // The file grew; --resume skips what was acknowledged and imports only the new rows.
    writeFileSync(file, `${rows.slice(0, 5).join("\n")}\n{broken\n${rows.slice(5).join("\n")}\n`);
    const state = JSON.parse(readFileSync(`${file}.import-state.json`, "utf8"));
    writeFileSync(
      `${file}.import-state.json`,
      JSON.stringify({ ...state, finished: false, size: readFileSync(file).length }),
    );
    const resumed = await runImport(file, "--resume");
    expect(resumed.stdout.trim()).toBe(
      "import finished (resumed after line 6): 7 created, 0 already present, 1 bad rows",
    );
    expect(resumed.stderr).not.toContain("line 6");
  });

  it("stops with exit code 1 and a hint when the token is refused", async () => {
    const run = await runImport(sample, "--token", "wrong-token-0123456789");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("answered 401");
  });
});

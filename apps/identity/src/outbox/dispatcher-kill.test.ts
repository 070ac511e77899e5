import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { leaseExpiredError } from "../persistence/outbox.ts";
import { connectDatabase } from "../persistence/sql/connect.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";
import { enqueueEmail } from "./email/enqueue-email.ts";
import {
  emailDispatcher,
  recordingLogger,
  testCourierConfig,
} from "./email/test-support/courier-config.ts";
import { startTestSmtpServer } from "./email/test-support/smtp-test-server.ts";

// A dispatcher process is SIGKILLed while the SMTP server holds its mails at DATA. A PGlite
// folder opens in one process at a time, so the child owns it while it runs and this process
// opens it again once the child is dead.

const leaseMs = 200;
const childScript = fileURLToPath(
  new URL("./email/test-support/dispatch-child.ts", import.meta.url),
);
const appFolder = fileURLToPath(new URL("../..", import.meta.url));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

it("loses no message when a dispatcher is killed mid-send", { timeout: 60_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), "moos-courier-kill-"));
  const smtp = await startTestSmtpServer();
  try {
    let db = await connectDatabase(`pglite://${folder}`);
    const recipients = ["kill-1@example.com", "kill-2@example.com", "kill-3@example.com"];
    const ids = await Promise.all(
      recipients.map((to, n) =>
        enqueueEmail(createSqlPersistence(db), {
          templateType: "verification_code_valid",
          to,
          locale: "de",
          model: { code: `90000${n}`, expiresInMinutes: 10 },
        }),
      ),
    );
    await db.destroy();

    smtp.respond = () => "stall";
    const child = spawn(
      process.execPath,
      ["--conditions=development", childScript, folder, smtp.url, String(leaseMs)],
      {
        cwd: appFolder,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    const childExit = exited(child);
    await smtp
      .waitFor(() => smtp.attempts() === recipients.length || child.exitCode !== null, 45_000)
      .catch(() => undefined);
    expect(child.exitCode, `the child ended before sending:\n${output}`).toBeNull();
    expect(smtp.attempts()).toBe(recipients.length);
    child.kill("SIGKILL");
    await childExit;
    expect(child.signalCode).toBe("SIGKILL");

    smtp.respond = () => "accept";
    db = await connectDatabase(`pglite://${folder}`);
    try {
      const stranded = await db.selectFrom("courier_messages").selectAll().execute();
      expect(stranded.map((row) => row.status)).toEqual(["processing", "processing", "processing"]);
      expect(smtp.mails).toHaveLength(0);
      const leaseEnds = Math.max(
        ...stranded.map((row) => new Date(row.lease_until ?? 0).getTime()),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseEnds - Date.now()) + 20));

      const config = testCourierConfig(smtp.url, { lease: leaseMs });
      const dispatcher = emailDispatcher(createSqlPersistence(db), config, {
        logger: recordingLogger(),
      });
      expect(await dispatcher.dispatchOnce()).toBe(recipients.length);
      await dispatcher.stop();

      const delivered = smtp.mails.flatMap((mail) => mail.recipients);
      expect(delivered.sort()).toEqual(recipients);
      const rows = await db
        .selectFrom("courier_messages")
        .selectAll()
        .where("id", "in", ids)
        .execute();
      for (const row of rows) {
        expect(row).toMatchObject({ status: "sent", send_count: 1, last_error: leaseExpiredError });
      }
    } finally {
      await db.destroy();
    }
  } finally {
    await smtp.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

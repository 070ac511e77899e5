import { connectDatabase } from "../../../persistence/sql/connect.ts";
import { createSqlPersistence } from "../../../persistence/sql/sql-persistence.ts";
import { emailDispatcher, testCourierConfig } from "./courier-config.ts";

// A dispatcher in its own process, for the test that kills one mid-send.
// Usage: node --conditions=development dispatch-child.ts <pglite folder> <smtp url> <lease ms>
// It owns the PGlite folder while it runs (a folder opens in one process at a time).

const [folder, smtpUrl, leaseMs] = process.argv.slice(2);
if (!folder || !smtpUrl || !leaseMs)
  throw new Error("usage: <pglite folder> <smtp url> <lease ms>");

const db = await connectDatabase(`pglite://${folder}`);
const config = testCourierConfig(smtpUrl, { lease: Number(leaseMs) });
const dispatcher = emailDispatcher(createSqlPersistence(db), config, {
  logger: {
    info: () => {},
    warn: (details, message) => console.error(message, details),
    error: (details, message) => console.error(message, details),
  },
});
const claimed = await dispatcher.dispatchOnce();
console.log(`claimed ${claimed}`);
await dispatcher.stop();
await db.destroy();

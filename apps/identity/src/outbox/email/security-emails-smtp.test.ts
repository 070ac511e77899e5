import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Persistence } from "../../persistence/persistence.ts";
import { connectDatabase } from "../../persistence/sql/connect.ts";
import type { Database } from "../../persistence/sql/database.ts";
import { createSqlPersistence } from "../../persistence/sql/sql-persistence.ts";
import { enqueueEmail } from "./enqueue-email.ts";
import {
  emailDispatcher,
  recordingLogger,
  testCourierConfig,
} from "./test-support/courier-config.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./test-support/smtp-test-server.ts";

// The account safety emails (docs/account-safety.md) through the outbox to a real SMTP server, in German and English.

let db: Kysely<Database>;
let persistence: Persistence;
let smtp: TestSmtpServer;
beforeAll(async () => {
  db = await connectDatabase("memory://");
  persistence = createSqlPersistence(db);
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await db.destroy();
});

describe("security emails over SMTP", () => {
  it("delivers notices and the new-address code, with the link as button and as text", async () => {
    const link = "https://konto.moos.example/security/not-me?token=Abc123";
    const notice = {
      occurred_at: "2026-07-01T08:30:00.000Z",
      time_zone: "Europe/Berlin",
      browser: "Chrome",
      os: "Android",
      ip_address: "198.51.100.4",
      details: {},
      link_url: link,
      link_valid_days: 7,
      activity_url: "https://konto.moos.example/settings/activity",
    };
    await enqueueEmail(persistence, {
      templateType: "security_notice",
      to: "anna@example.com",
      locale: "de",
      model: { ...notice, event: "password_changed" },
    });
    await enqueueEmail(persistence, {
      templateType: "security_notice",
      to: "ben@example.com",
      locale: "en",
      model: { ...notice, event: "recovery_used" },
    });
    await enqueueEmail(persistence, {
      templateType: "email_change_code",
      to: "neu@example.com",
      locale: "de",
      model: { code: "271828", expiresInMinutes: 10, new_address: "neu@example.com" },
    });
    const dispatcher = emailDispatcher(persistence, testCourierConfig(smtp.url), {
      logger: recordingLogger(),
    });
    try {
      expect(await dispatcher.dispatchOnce()).toBe(3);
    } finally {
      await dispatcher.stop();
    }
    const to = (address: string) => smtp.mails.find((m) => m.recipients.includes(address))!.parsed;
    const german = to("anna@example.com");
    expect(german.subject).toBe("Dein Moos-Passwort wurde geändert");
    expect(german.text).toContain("Wann: 01.07.2026, 10:30 MESZ");
    expect(german.text).toContain("Gerät: Chrome auf Android");
    expect(german.text).toContain(link);
    expect(german.html).toContain(`href="${link}"`);
    const english = to("ben@example.com");
    expect(english.subject).toBe("Your Moos account was recovered");
    expect(english.text).toContain("IP address: 198.51.100.4");
    expect(english.html).toContain("This wasn&#39;t me");
    const code = to("neu@example.com");
    expect(code.subject).toBe("Dein Code für deine neue E-Mail-Adresse: 271828");
    expect(code.html).toContain(">271828</p>");
  });
});

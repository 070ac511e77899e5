import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectSchema } from "../../../test/support/openapi.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { connectDatabase } from "../../persistence/sql/connect.ts";
import type { Database } from "../../persistence/sql/database.ts";
import { createSqlPersistence } from "../../persistence/sql/sql-persistence.ts";
import { CourierError } from "../errors.ts";
import { getCourierMessage, listCourierMessages } from "./admin-messages.ts";
import { enqueueEmail } from "./enqueue-email.ts";

let db: Kysely<Database>;
let persistence: Persistence;

beforeAll(async () => {
  db = await connectDatabase("memory://");
  persistence = createSqlPersistence(db);
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await db.deleteFrom("courier_messages").execute();
});

function enqueue(database: Persistence, to: string, code: string): Promise<string> {
  return enqueueEmail(database, {
    templateType: "recovery_code_valid",
    to,
    locale: "de",
    model: { code, expiresInMinutes: 10 },
  });
}

describe("listCourierMessages", () => {
  it("returns Kratos message objects that validate against the OpenAPI schema", async () => {
    const id = await enqueue(persistence, "anna@example.com", "246810");
    const { messages, nextPageToken } = await listCourierMessages(persistence, { pageSize: 10 });

    expect(nextPageToken).toBeUndefined();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    if (!message) throw new Error("no message");
    expectSchema("message", message);
    expect(message).toMatchObject({
      id,
      status: "queued",
      type: "email",
      channel: "email",
      recipient: "anna@example.com",
      template_type: "recovery_code_valid",
      send_count: 0,
      dispatches: [],
    });
    expect(message.body).toContain("246810");
    expect(message.subject).toContain("246810");
    expect(message.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("pages newest first through messages created in the same instant, none twice", async () => {
    // One transaction: now() is the same for every row, so only the id orders them.
    const sameInstant = await persistence.transaction(async (tx) =>
      Promise.all(
        Array.from({ length: 5 }, (_, n) => enqueue(tx, `same-${n}@example.com`, "111111")),
      ),
    );
    const newest = await enqueue(persistence, "newest@example.com", "222222");

    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await listCourierMessages(persistence, {
        pageSize: 2,
        ...(pageToken ? { pageToken } : {}),
      });
      for (const message of page.messages) expectSchema("message", message);
      seen.push(...page.messages.map((message) => message.id));
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken);

    expect(pages).toBe(3);
    expect(seen[0]).toBe(newest);
    expect(seen).toHaveLength(6);
    expect(new Set(seen)).toEqual(new Set([newest, ...sameInstant]));
  });

  it("filters by recipient and by status", async () => {
    const anna = await enqueue(persistence, "anna@example.com", "333333");
    await enqueue(persistence, "ben@example.com", "444444");
    await db
      .updateTable("courier_messages")
      .set({ status: "sent" })
      .where("id", "=", anna)
      .execute();

    const byRecipient = await listCourierMessages(persistence, {
      recipient: "anna@example.com",
      pageSize: 10,
    });
    expect(byRecipient.messages.map((m) => m.id)).toEqual([anna]);
    const queued = await listCourierMessages(persistence, { status: "queued", pageSize: 10 });
    expect(queued.messages.map((m) => m.recipient)).toEqual(["ben@example.com"]);
    const none = await listCourierMessages(persistence, {
      recipient: "anna@example.com",
      status: "abandoned",
      pageSize: 10,
    });
    expect(none.messages).toEqual([]);
  });

  it("rejects a bad page token and a page size out of bounds", async () => {
    for (const pageToken of [
      "%%%",
      Buffer.from('{"t":"1; drop","id":"x"}').toString("base64url"),
    ]) {
      await expect(
        listCourierMessages(persistence, { pageSize: 10, pageToken }),
      ).rejects.toMatchObject({
        code: "courier_page_token_invalid",
      });
    }
    for (const pageSize of [0, 1001, 2.5]) {
      await expect(listCourierMessages(persistence, { pageSize })).rejects.toMatchObject({
        code: "courier_page_size_invalid",
      });
    }
  });
});

describe("getCourierMessage", () => {
  it("returns one message, 404s an unknown id and 400s a malformed one", async () => {
    const id = await enqueue(persistence, "anna@example.com", "555555");
    const message = await getCourierMessage(persistence, id);
    expectSchema("message", message);
    expect(message.id).toBe(id);

    await expect(
      getCourierMessage(persistence, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({
      code: "courier_message_not_found",
    });
    await expect(getCourierMessage(persistence, "not-a-uuid")).rejects.toBeInstanceOf(CourierError);
    await expect(getCourierMessage(persistence, "not-a-uuid")).rejects.toMatchObject({
      code: "courier_message_id_invalid",
    });
  });
});

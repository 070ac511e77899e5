import { expect, it, onTestFinished } from "vitest";
import { startHarness } from "../support/harness.ts";
import { pgliteCopy } from "../support/pglite-template.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { password, traitsOf, uniqueEmail } from "./account-helpers.ts";

// A webhook lives in the database's outbox, not in the process: an event enqueued by an
// instance that stops before sending it is delivered after the next start.

it("delivers an event enqueued before a restart", async () => {
  const shop = await startWebhookReceiver();
  // A database that outlives the first instance: in a folder, not in memory.
  const database = pgliteCopy();
  onTestFinished(() => database.remove());
  const { dsn } = database;
  // A new object each time: loading the config fills in and converts it in place.
  const webhooks = () => ({ endpoints: [{ url: shop.url, events: ["identity.deleted"] }] });
  try {
    const stopped = await startHarness(
      { webhooks: webhooks(), courier: { dispatcher: { enabled: false } } },
      { dsn },
    );
    const email = uniqueEmail("restart");
    const identity = await stopped.identityApi().createIdentity({
      createIdentityBody: {
        schema_id: "default",
        traits: traitsOf(email),
        credentials: { password: { config: { password } } },
      },
    });
    await stopped.identityApi().deleteIdentity({ id: identity.id });
    await stopped.close();
    expect(shop.attempts).toEqual([]);

    const restarted = await startHarness({ webhooks: webhooks() }, { dsn });
    try {
      const [delivery] = await shop.waitFor(1);
      expect(delivery?.json).toMatchObject({
        type: "identity.deleted",
        data: { identity_id: identity.id, email },
      });
    } finally {
      await restarted.close();
    }
  } finally {
    await shop.close();
  }
});

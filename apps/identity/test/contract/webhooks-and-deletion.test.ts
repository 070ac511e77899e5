import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";
import { type Json, password, signInNative, traitsOf, uniqueEmail } from "./account-helpers.ts";

// docs/newsletter-deletion-migration.md#webhooks: the shop's webhooks from the courier's outbox (newsletter.consent_changed,
// identity.deleted), account deletion with its email, and the newsletter confirmation email.

const secret = "shop-webhook-secret-0123456789";
let h: Harness;
let shop: WebhookReceiver;
let flaky: WebhookReceiver;

beforeAll(async () => {
  shop = await startWebhookReceiver();
  flaky = await startWebhookReceiver({ failFirst: 1 });
  h = await startHarness({
    webhooks: {
      secret,
      endpoints: [
        { url: shop.url, events: ["newsletter.consent_changed", "identity.deleted"] },
        { url: flaky.url, events: ["identity.deleted"] },
      ],
      retry_backoff: { initial: "50ms", max: "200ms" },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await shop?.close();
  await flaky?.close();
});

const admin = (path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${h.adminUrl}${path}`, {
    ...init,
    headers: {
      accept: "application/json",
      ...(init.body ? { "content-type": "application/json" } : {}),
      authorization: `Bearer ${h.adminToken}`,
    },
  });

async function createCustomer(
  prefix: string,
  locale: "de" | "en" = "de",
  email = uniqueEmail(prefix),
): Promise<Json> {
  const response = await admin("/admin/identities", {
    method: "POST",
    body: JSON.stringify({
      traits: traitsOf(email),
      credentials: { password: { config: { password } } },
      verifiable_addresses: [{ value: email, verified: true, via: "email", status: "completed" }],
      metadata_public: { locale },
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Json;
}

const consent = (status: string, locale = "de"): Json => ({
  status,
  subscribed: status === "subscribed",
  pending: null,
  history: [{ event: "requested", at: new Date().toISOString(), locale, text_version: "2026-11" }],
});

function eventsFor(receiver: WebhookReceiver, identityId: string): Json[] {
  return receiver.received
    .map((d) => d.json as Json)
    .filter((e) => e.data?.identity_id === identityId);
}

async function waitForEvents(
  receiver: WebhookReceiver,
  identityId: string,
  count: number,
): Promise<Json[]> {
  while (eventsFor(receiver, identityId).length < count)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return eventsFor(receiver, identityId);
}

describe("newsletter.consent_changed", () => {
  it("is delivered signed when the status changes, and not when it stays", async () => {
    const identity = await createCustomer("consent");
    const patch = (operations: Json[]): Promise<Response> =>
      admin(`/admin/identities/${identity.id}`, {
        method: "PATCH",
        body: JSON.stringify(operations),
      });

    // From no record to pending: metadata_admin is null, so the web app adds it whole.
    let response = await patch([
      { op: "add", path: "/metadata_admin", value: { newsletter: consent("pending", "en") } },
    ]);
    expect(response.status).toBe(200);
    expectSchema("identity", await response.json());
    const [first] = await waitForEvents(shop, identity.id, 1);
    expect(first).toMatchObject({
      type: "newsletter.consent_changed",
      data: {
        identity_id: identity.id,
        email: identity.traits.email,
        status: "pending",
        subscribed: false,
        locale: "en",
        text_version: "2026-11",
      },
    });
    expect(first!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(first!.occurred_at))).toBe(false);
    const delivery = shop.received.find((d) => (d.json as Json).id === first!.id)!;
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["x-moos-event"]).toBe("newsletter.consent_changed");
    expect(delivery.headers["x-moos-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    const expected = `sha256=${createHmac("sha256", secret).update(delivery.body).digest("hex")}`;
    expect(delivery.headers["x-moos-signature"]).toBe(expected);

    // The same status with another pending token: no event.
    response = await patch([
      { op: "replace", path: "/metadata_admin/newsletter/pending", value: { token_sha256: "ab" } },
    ]);
    expect(response.status).toBe(200);
    // Confirmed (PUT this time): the next event is "subscribed", and it is the second in all.
    const current = (await (await admin(`/admin/identities/${identity.id}`)).json()) as Json;
    response = await admin(`/admin/identities/${identity.id}`, {
      method: "PUT",
      body: JSON.stringify({
        traits: current.traits,
        state: "active",
        metadata_public: current.metadata_public,
        metadata_admin: { newsletter: consent("subscribed") },
      }),
    });
    expect(response.status).toBe(200);
    const events = await waitForEvents(shop, identity.id, 2);
    expect(events.map((e) => e.data.status)).toEqual(["pending", "subscribed"]);
    expect(events[1]?.data).toMatchObject({ subscribed: true, locale: "de" });
    // The flaky endpoint did not subscribe to consent events.
    expect(eventsFor(flaky, identity.id)).toEqual([]);
  });

  it("never lists webhook deliveries as courier messages", async () => {
    const messages = await h.courierApi().listCourierMessages({ pageSize: 1000 });
    expect(messages.every((m) => !m.template_type.includes("."))).toBe(true);
  });
});

describe("one welcome gift per mailbox", () => {
  /** Confirms the newsletter as the web app does after the double opt-in; answers the event. */
  async function confirm(identity: Json, count: number): Promise<Json> {
    const response = await admin(`/admin/identities/${identity.id}`, {
      method: "PATCH",
      body: JSON.stringify([
        { op: "add", path: "/metadata_admin", value: { newsletter: consent("subscribed") } },
      ]),
    });
    expect(response.status).toBe(200);
    return (await waitForEvents(shop, identity.id, count)).at(-1)!;
  }

  it("goes to a mailbox's first confirmation; its variants get the newsletter, no second gift", async () => {
    const name = `kim${Date.now().toString(36)}`;
    const first = await createCustomer("gift", "de", `${name}@gmail.com`);
    // Pending first: a subscription waiting for its confirmation earns nothing yet.
    const pending = await admin(`/admin/identities/${first.id}`, {
      method: "PATCH",
      body: JSON.stringify([
        { op: "add", path: "/metadata_admin", value: { newsletter: consent("pending") } },
      ]),
    });
    expect(pending.status).toBe(200);
    expect((await waitForEvents(shop, first.id, 1))[0]?.data.welcome_gift).toBeNull();
    expect(((await pending.json()) as Json).metadata_admin.welcome_gift).toBeUndefined();

    const granted = await confirm(first, 2);
    expect(granted.data).toMatchObject({ status: "subscribed", welcome_gift: "granted" });

    // The same mailbox with dots, a tag and Google's other domain.
    const dotted = `${name.slice(0, 2)}.${name.slice(2)}+shop@googlemail.com`;
    const second = await createCustomer("gift", "de", dotted);
    const refused = await confirm(second, 1);
    expect(refused.data).toMatchObject({
      email: dotted,
      status: "subscribed",
      subscribed: true,
      welcome_gift: "already_granted",
    });
    // The admin API says the same, for the shop's checkout.
    const read = async (identity: Json): Promise<Json> =>
      (await (await admin(`/admin/identities/${identity.id}`)).json()) as Json;
    expect((await read(first)).metadata_admin.welcome_gift).toMatchObject({ status: "granted" });
    expect((await read(second)).metadata_admin.welcome_gift).toMatchObject({
      status: "already_granted",
    });

    // Another mailbox at another provider gets its own gift.
    const other = await createCustomer("gift", "de", `${name}@posteo.de`);
    expect((await confirm(other, 1)).data.welcome_gift).toBe("granted");
  });
});

describe("DELETE /admin/identities/{id}", () => {
  it("deletes credentials and sessions, emails the customer and tells the shop, retrying a failing endpoint", async () => {
    const identity = await createCustomer("delete", "en");
    const email = identity.traits.email as string;
    const token = await signInNative(h, email);
    const response = await admin(`/admin/identities/${identity.id}`, { method: "DELETE" });
    expect(response.status).toBe(204);

    expect((await admin(`/admin/identities/${identity.id}`)).status).toBe(404);
    const whoami = await fetch(`${h.publicUrl}/sessions/whoami`, {
      headers: { "x-session-token": token, accept: "application/json" },
    });
    expect(whoami.status).toBe(401);
    await expect(signInNative(h, email)).rejects.toThrow();
    const leftover = await h.app.deps.persistence.sessions.listSessionsOfIdentity(identity.id, {
      limit: 10,
      offset: 0,
    });
    expect(leftover.total).toBe(0);

    const [deleted] = await waitForEvents(shop, identity.id, 1);
    expect(deleted).toMatchObject({
      type: "identity.deleted",
      data: { identity_id: identity.id, email },
    });
    // The flaky endpoint answered 500 first and got the same delivery again.
    const [retried] = await waitForEvents(flaky, identity.id, 1);
    expect(retried?.id).toBe(deleted?.id);
    const tries = flaky.attempts.filter((a) => (a.json as Json).data?.identity_id === identity.id);
    expect(tries).toHaveLength(2);
    expect(tries[0]?.headers["x-moos-delivery"]).toBe(tries[1]?.headers["x-moos-delivery"]);

    const messages = await h.courierApi().listCourierMessages({ recipient: email });
    const goodbye = messages.find((m) => String(m.template_type) === "account_deleted");
    expect(goodbye?.subject).toBe("Your Moos account has been deleted");
    expect(goodbye?.body).toContain("orders and invoices");
    while (!h.mails.some((m) => m.to === email)) await new Promise((r) => setTimeout(r, 25));
  });

  it("answers 404 for an unknown identity and enqueues nothing", async () => {
    const before = shop.received.length;
    const response = await admin("/admin/identities/00000000-0000-4000-8000-000000000000", {
      method: "DELETE",
    });
    expect(response.status).toBe(404);
    expectSchema("errorGeneric", await response.json());
    expect(shop.received.length).toBe(before);
  });
});

describe("POST /admin/courier/messages", () => {
  it("sends the newsletter confirmation in the customer's language", async () => {
    for (const locale of ["de", "en"] as const) {
      const identity = await createCustomer(`newsletter-${locale}`, locale);
      const url = `https://shop.example/newsletter/confirm?token=${locale}-abc&x=1`;
      const response = await admin("/admin/courier/messages", {
        method: "POST",
        body: JSON.stringify({
          template_type: "newsletter_confirmation",
          identity_id: identity.id,
          model: { confirmation_url: url },
        }),
      });
      expect(response.status).toBe(201);
      const message = (await response.json()) as Json;
      // Kratos's schema lists its own template types only; ours are an extension.
      expectSchema("message", { ...message, template_type: "stub" });
      expect(message).toMatchObject({
        template_type: "newsletter_confirmation",
        recipient: identity.traits.email,
        status: "queued",
      });
      expect(message.body).toContain(url);
      expect(message.body).toContain(locale === "de" ? "10 %" : "10%");
      expect(message.subject).toBe(
        locale === "de"
          ? "Bitte bestätige deine Newsletter-Anmeldung"
          : "Please confirm your newsletter subscription",
      );
      while (!h.mails.some((m) => m.to === identity.traits.email))
        await new Promise((r) => setTimeout(r, 25));
    }
  });

  it("refuses other templates (400) and unknown identities (404)", async () => {
    const identity = await createCustomer("newsletter-bad");
    for (const [body, status] of [
      [{ template_type: "recovery_code_valid", identity_id: identity.id, model: {} }, 400],
      [
        {
          template_type: "newsletter_confirmation",
          identity_id: identity.id,
          model: { confirmation_url: "javascript:alert(1)" },
        },
        400,
      ],
      [
        {
          template_type: "newsletter_confirmation",
          identity_id: "00000000-0000-4000-8000-000000000000",
          model: { confirmation_url: "https://shop.example/x" },
        },
        404,
      ],
    ] as const) {
      const response = await admin("/admin/courier/messages", {
        method: "POST",
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(status);
      expectSchema("errorGeneric", await response.json());
    }
  });
});

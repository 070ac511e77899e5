// Arranges accounts through the identity service's admin API (as Kratos's), so journeys that
// are not about registering start from a ready account in milliseconds.

import { serviceSet } from "./services/service-set.ts";

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** A unique address per test, so tests never share an account or an inbox. */
export function uniqueEmail(domain = "example.com"): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@${domain}`;
}

export function newAccountData(): Account {
  return {
    email: uniqueEmail(),
    password: "Gruene-Monstera-2026",
    firstName: "Anna",
    lastName: "Farnkraut",
  };
}

/**
 * The newsletter question answered "no" (the record the web app writes): journeys that are not
 * about the newsletter go on after a sign-in without being asked.
 */
const NEWSLETTER_DECLINED = {
  status: "declined",
  subscribed: false,
  pending: null,
  history: [
    { event: "declined", at: "2026-01-01T00:00:00.000Z", locale: "de", text_version: "e2e" },
  ],
};

/**
 * Creates an identity with a password; its address is verified unless `verified: false`; the
 * newsletter question is answered unless `newsletter: "unanswered"`.
 */
export async function createAccount(
  options: {
    verified?: boolean;
    newsletter?: "declined" | "unanswered";
    /** The language kept on the identity (as registering in it keeps it): its emails' language. */
    locale?: "de" | "en";
    /** A name of its own (the default is the same for every account). */
    name?: { first: string; last: string };
    /** The account's address (a new one at example.com by default). */
    email?: string;
  } = {},
): Promise<Account> {
  const account = {
    ...newAccountData(),
    ...(options.name ? { firstName: options.name.first, lastName: options.name.last } : {}),
    ...(options.email ? { email: options.email } : {}),
  };
  const verified = options.verified ?? true;
  const answered = (options.newsletter ?? "declined") === "declined";
  const response = await admin("/admin/identities", {
    method: "POST",
    body: JSON.stringify({
      schema_id: "default",
      traits: {
        email: account.email,
        name: { first: account.firstName, last: account.lastName },
      },
      credentials: { password: { config: { password: account.password } } },
      metadata_admin: answered ? { newsletter: NEWSLETTER_DECLINED } : null,
      metadata_public: options.locale ? { locale: options.locale } : null,
      verifiable_addresses: [
        {
          value: account.email,
          via: "email",
          verified,
          status: verified ? "completed" : "pending",
        },
      ],
    }),
  });
  if (response.status !== 201) {
    throw new Error(
      `creating ${account.email} failed: ${response.status} ${await response.text()}`,
    );
  }
  return account;
}

async function admin(path: string, init: RequestInit = {}): Promise<Response> {
  const { identityAdminUrl, adminToken } = serviceSet();
  return fetch(`${identityAdminUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${adminToken}`,
      "content-type": "application/json",
      ...init.headers,
    },
  });
}

/** The admin view of the identity with this email (credentials and metadata_admin included). */
export async function findIdentity(
  email: string,
): Promise<{ id: string; metadata_admin: Record<string, unknown> | null } | undefined> {
  const response = await admin(
    `/admin/identities?credentials_identifier=${encodeURIComponent(email)}`,
  );
  if (!response.ok) throw new Error(`listing identities failed: ${response.status}`);
  const found = (await response.json()) as {
    id: string;
    metadata_admin: Record<string, unknown> | null;
  }[];
  return found[0];
}

/** The addresses the identity service recorded on the devices of this person's sessions. */
export async function sessionAddresses(email: string): Promise<string[]> {
  const identity = await findIdentity(email);
  if (!identity) throw new Error(`no identity for ${email}`);
  const response = await admin(`/admin/identities/${identity.id}/sessions`);
  if (!response.ok) throw new Error(`listing sessions failed: ${response.status}`);
  const sessions = (await response.json()) as { devices?: { ip_address?: string }[] }[];
  return sessions.flatMap((session) =>
    (session.devices ?? []).map((device) => device.ip_address ?? ""),
  );
}

/**
 * A customer imported from the old shop without a password (docs/newsletter-deletion-migration.md#importer: metadata_admin.migration
 * and no password), through the batch import `npm run import` uses, with a verified address and
 * the newsletter question unanswered unless `newsletter: "declined"`.
 */
export async function createMigratedAccount(
  locale: "de" | "en",
  options: { newsletter?: "declined" | "unanswered" } = {},
): Promise<Account> {
  const account = newAccountData();
  const answered = (options.newsletter ?? "unanswered") === "declined";
  const response = await admin("/admin/identities", {
    method: "PATCH",
    body: JSON.stringify({
      identities: [
        {
          create: {
            schema_id: "default",
            traits: {
              email: account.email,
              name: { first: account.firstName, last: account.lastName },
            },
            verifiable_addresses: [
              { value: account.email, via: "email", verified: true, status: "completed" },
            ],
            metadata_public: { locale },
            metadata_admin: {
              migration: { source: "e2e-old-shop", imported_at: "2026-01-01T00:00:00.000Z" },
              ...(answered ? { newsletter: NEWSLETTER_DECLINED } : {}),
            },
          },
        },
      ],
    }),
  });
  const result = (await response.json().catch(() => undefined)) as
    | { identities?: { action: string; error?: unknown }[] }
    | undefined;
  if (response.status !== 200 || result?.identities?.[0]?.action !== "create") {
    throw new Error(
      `importing ${account.email} failed: ${response.status} ${JSON.stringify(result)}`,
    );
  }
  return { ...account, password: "" };
}

/**
 * The security notices (docs/account-safety.md#security-notices) written for an address so far. The outbox gets a notice in
 * the same transaction as the sign-in or change that causes it, so this is exact at once.
 */
export async function securityNotices(email: string): Promise<{ subject: string }[]> {
  const response = await admin(`/admin/courier/messages?recipient=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`listing courier messages failed: ${response.status}`);
  const messages = (await response.json()) as { subject: string; template_type: string }[];
  return messages.filter((m) => m.template_type === "security_notice");
}

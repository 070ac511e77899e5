// Arranges accounts through the identity service's admin API (as Kratos's), so journeys that
// are not about registering start from a ready account in milliseconds.

const ADMIN_URL = "http://127.0.0.1:4634";
const ADMIN_TOKEN = "e2e-admin-token-not-secret";

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** A unique address per test, so tests never share an account or an inbox. */
export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export function newAccountData(): Account {
  return {
    email: uniqueEmail(),
    password: "Gruene-Monstera-2026",
    firstName: "Anna",
    lastName: "Farnkraut",
  };
}

/** Creates an identity with a password; its address is verified unless `verified: false`. */
export async function createAccount(options: { verified?: boolean } = {}): Promise<Account> {
  const account = newAccountData();
  const verified = options.verified ?? true;
  const response = await fetch(`${ADMIN_URL}/admin/identities`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({
      schema_id: "default",
      traits: {
        email: account.email,
        name: { first: account.firstName, last: account.lastName },
      },
      credentials: { password: { config: { password: account.password } } },
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

// Staff members for the console's specs (docs/console.md#provisioning-staff): an account made
// through the admin API, a console role granted as the shop's systems grant one
// (`PUT /admin/staff/{id}` with the admin token), and unless told otherwise an authenticator app
// set up through the identity service's API (its settings flow, as an app would), so the staff
// member can sign in to the console with a second factor.

import type { StaffRole } from "@moos/contract";
import { type Account, createAccount, findIdentity } from "./identity-admin.ts";
import { serviceSet } from "./services/service-set.ts";
import { AuthenticatorApp } from "./two-factor.ts";

export interface StaffMember extends Account {
  readonly id: string;
  readonly role: StaffRole | null;
  /** Their authenticator app, when they set one up. */
  readonly app: AuthenticatorApp | undefined;
}

type Json = Record<string, unknown>;

async function call(
  path: string,
  init: RequestInit & { token?: string; userAgent?: string } = {},
): Promise<Json> {
  const { identityPublicUrl } = serviceSet();
  const { token, userAgent, ...rest } = init;
  const response = await fetch(`${identityPublicUrl}${path}`, {
    ...rest,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      ...(token ? { "x-session-token": token } : {}),
      ...(userAgent ? { "user-agent": userAgent } : {}),
    },
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * Signs in by the identity service's API (as an app would), with `userAgent` as the device:
 * a session the customer page lists. Returns the session token.
 */
export async function apiSignIn(
  account: Pick<Account, "email" | "password">,
  userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
): Promise<string> {
  const login = await call("/self-service/login/api", { userAgent });
  const signedIn = await call(`/self-service/login?flow=${login.id}`, {
    method: "POST",
    userAgent,
    body: JSON.stringify({
      method: "password",
      identifier: account.email,
      password: account.password,
    }),
  });
  return String(signedIn.session_token);
}

/** Signs in by API and sets up an authenticator app in settings; returns the app. */
async function setUpAuthenticatorApp(account: Account): Promise<AuthenticatorApp> {
  const token = await apiSignIn(account);
  const settings = await call("/self-service/settings/api", { token });
  const nodes = (settings.ui as { nodes: { attributes: Json }[] }).nodes;
  const secretNode = nodes.find((node) => node.attributes.id === "totp_secret_key");
  const secret = (secretNode?.attributes.text as { text?: string } | undefined)?.text;
  if (!secret) throw new Error("the settings flow offers no authenticator app");
  const app = new AuthenticatorApp(secret);
  await call(`/self-service/settings?flow=${settings.id}`, {
    method: "POST",
    token,
    body: JSON.stringify({ method: "totp", totp_code: await app.nextCode() }),
  });
  return app;
}

/** Gives `identityId` a console role, or takes it (`null`), as the shop's systems do. */
export async function grantRole(identityId: string, role: StaffRole | null): Promise<void> {
  const { identityAdminUrl, adminToken } = serviceSet();
  const response = await fetch(`${identityAdminUrl}/admin/staff/${identityId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ role, reason: "Browser-Test: neu im Team" }),
  });
  if (response.status !== 200) {
    throw new Error(`granting ${role} answered ${response.status}: ${await response.text()}`);
  }
}

const STAFF_NAMES = ["Jule", "Mika", "Lene", "Bo", "Ida", "Kai", "Nele", "Ole"];
let staffCount = Math.floor(Math.random() * STAFF_NAMES.length);

/** "Moosbach Qvtr": letters only, as the identity schema wants a name. */
function uniqueSurname(): string {
  const letters = Array.from({ length: 4 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join("");
  return `Moosbach ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

export async function createStaff(
  role: StaffRole | null,
  options: { secondFactor?: "totp" | "none"; locale?: "de" | "en" } = {},
): Promise<StaffMember> {
  // A name of their own: the team page lists staff by name.
  const account = await createAccount({
    locale: options.locale ?? "de",
    name: {
      first: STAFF_NAMES[staffCount++ % STAFF_NAMES.length] ?? "Sam",
      last: uniqueSurname(),
    },
  });
  const identity = await findIdentity(account.email);
  if (!identity) throw new Error(`no identity for ${account.email}`);
  if (role) await grantRole(identity.id, role);
  const app =
    (options.secondFactor ?? "totp") === "totp" ? await setUpAuthenticatorApp(account) : undefined;
  return { ...account, id: identity.id, role, app };
}

/** Changes an identity behind the console's back (admin API, JSON Patch), as another tool would. */
export async function patchIdentity(
  id: string,
  patch: readonly Record<string, unknown>[],
): Promise<void> {
  const { identityAdminUrl, adminToken } = serviceSet();
  const response = await fetch(`${identityAdminUrl}/admin/identities/${id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`patching ${id} answered ${response.status}`);
}

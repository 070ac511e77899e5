import { createHmac } from "node:crypto";
import type { JWTPayload } from "jose";
import { OidcError } from "./errors.ts";

// Providers that do not hand over plain OpenID Connect claims, brought to that shape so one
// mapper works for all: Apple (string booleans, the name only in the first answer's `user`
// field) and Facebook (no ID token; the Graph API's /me instead).

const asBoolean = (value: unknown): boolean => value === true || value === "true";

/**
 * Apple's ID token carries email, email_verified and is_private_email (sometimes as strings);
 * the name arrives once, unsigned, in the form field `user`. Only the name is taken from it:
 * everything that identifies the person comes from the verified ID token.
 */
export function normaliseAppleClaims(
  claims: JWTPayload,
  userField: string | undefined,
): Record<string, unknown> {
  const name = parseAppleUser(userField);
  return {
    ...claims,
    email_verified: asBoolean(claims.email_verified),
    is_private_email: asBoolean(claims.is_private_email),
    ...(name.firstName && claims.given_name === undefined ? { given_name: name.firstName } : {}),
    ...(name.lastName && claims.family_name === undefined ? { family_name: name.lastName } : {}),
  };
}

function parseAppleUser(field: string | undefined): { firstName?: string; lastName?: string } {
  if (!field || field.length > 4096) return {};
  try {
    const parsed = JSON.parse(field) as { name?: { firstName?: unknown; lastName?: unknown } };
    const { firstName, lastName } = parsed.name ?? {};
    return {
      ...(typeof firstName === "string" ? { firstName: firstName.slice(0, 100) } : {}),
      ...(typeof lastName === "string" ? { lastName: lastName.slice(0, 100) } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Facebook's profile from the Graph API's /me, with `appsecret_proof` (HMAC-SHA256 of the
 * access token with the app secret) as Facebook recommends for server calls. Facebook does not
 * say whether an address was confirmed for us, so emails start unverified.
 */
export async function facebookProfile(input: {
  userinfoUrl: string;
  accessToken: string;
  appSecret: string;
  fetch: typeof fetch;
}): Promise<{ subject: string; claims: Record<string, unknown> }> {
  const url = new URL(input.userinfoUrl);
  url.searchParams.set("fields", "id,name,first_name,last_name,email");
  url.searchParams.set(
    "appsecret_proof",
    createHmac("sha256", input.appSecret).update(input.accessToken).digest("hex"),
  );
  let body: Record<string, unknown>;
  try {
    const response = await input.fetch(url, {
      headers: { authorization: `Bearer ${input.accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Graph API answered ${response.status}`);
    body = (await response.json()) as Record<string, unknown>;
  } catch (cause) {
    throw new OidcError("profile_unavailable", { cause });
  }
  const id = body.id;
  if (typeof id !== "string" && typeof id !== "number")
    throw new OidcError("profile_unavailable", { detail: "no id" });
  const text = (value: unknown): string | undefined =>
    typeof value === "string" && value.trim() ? value.trim() : undefined;
  const claims: Record<string, unknown> = { sub: String(id), email_verified: false };
  for (const [claim, value] of [
    ["name", text(body.name)],
    ["given_name", text(body.first_name)],
    ["family_name", text(body.last_name)],
    ["email", text(body.email)],
  ] as const) {
    if (value !== undefined) claims[claim] = value;
  }
  return { subject: String(id), claims };
}

import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { claimsOf, type Person } from "./persons.ts";

// A stand-in for the Graph API's `/me` (https://developers.facebook.com/docs/graph-api/
// reference/user): the access token in `access_token` or a Bearer header, the fields asked in
// `fields`, and, when sent, `appsecret_proof` = HMAC-SHA256(access token, app secret). The
// email comes only with the `email` permission and only when the person has one.

export async function graphMe(
  req: IncomingMessage,
  res: ServerResponse,
  options: { provider: Provider; appSecret: string; personOf: (sub: string) => Person | undefined },
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://local");
  const bearer = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
  const token = url.searchParams.get("access_token") ?? bearer ?? "";
  const proof = url.searchParams.get("appsecret_proof");
  const stored = token ? await options.provider.AccessToken.find(token) : undefined;
  if (!stored) return graphError(res, 190, "Invalid OAuth access token.");
  if (proof !== null) {
    const expected = createHmac("sha256", options.appSecret).update(token).digest("hex");
    const same =
      proof.length === expected.length &&
      timingSafeEqual(Buffer.from(proof), Buffer.from(expected));
    if (!same) return graphError(res, 100, "Invalid appsecret_proof provided in the API argument");
  }
  const person = options.personOf(String(stored.accountId));
  if (!person) return graphError(res, 190, "The user of this access token is gone.");
  const claims = claimsOf("facebook", person);
  const scopes = new Set(String(stored.scope ?? "").split(" "));
  const all: Record<string, unknown> = {
    id: claims.sub,
    name: claims.name,
    first_name: claims.given_name,
    last_name: claims.family_name,
    ...(scopes.has("email") && claims.email ? { email: claims.email } : {}),
  };
  const fields = (url.searchParams.get("fields") ?? "id,name").split(",").map((f) => f.trim());
  const body = Object.fromEntries(
    Object.entries(all).filter(([key]) => key === "id" || fields.includes(key)),
  );
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function graphError(res: ServerResponse, code: number, message: string): void {
  res
    .writeHead(400, { "content-type": "application/json" })
    .end(JSON.stringify({ error: { message, type: "OAuthException", code } }));
}

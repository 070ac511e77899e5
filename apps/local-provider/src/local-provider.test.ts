import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalProvider, startLocalProvider } from "./local-provider.ts";

// The local provider on its own; the identity service's contract tests drive full sign-ins.

let provider: LocalProvider;
beforeAll(async () => {
  provider = await startLocalProvider({ port: 0, relyingParties: ["http://127.0.0.1:9/"] });
});
afterAll(async () => provider?.close());

async function discovery(kind: "google" | "apple" | "facebook"): Promise<Record<string, unknown>> {
  const res = await fetch(`${provider.issuer(kind)}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

function authorize(kind: "google" | "apple" | "facebook", extra: Record<string, string> = {}): URL {
  const url = new URL(`${provider.issuer(kind)}/auth`);
  url.search = new URLSearchParams({
    client_id: provider.clients[kind].clientId,
    response_type: "code",
    redirect_uri: `http://127.0.0.1:9/self-service/methods/oidc/callback/${kind}`,
    scope: kind === "facebook" ? "email public_profile" : "openid email",
    state: "state-1234567890",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    ...extra,
  }).toString();
  return url;
}

describe("local sign-in provider", () => {
  it("serves one issuer per provider with the RFC 9207 iss parameter", async () => {
    for (const kind of ["google", "apple", "facebook"] as const) {
      const meta = await discovery(kind);
      expect(meta.issuer).toBe(`${provider.url}/${kind}`);
      expect(meta.authorization_response_iss_parameter_supported).toBe(true);
      expect(meta.code_challenge_methods_supported).toContain("S256");
    }
  });

  it("shows the test persons in German first, per provider", async () => {
    const start = await fetch(authorize("facebook"), { redirect: "manual" });
    expect(start.status).toBe(303);
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await fetch(new URL(start.headers.get("location")!, provider.url), {
      headers: { cookie },
    });
    const html = await page.text();
    expect(html).toContain('lang="de"');
    expect(html).toContain("Testperson");
    expect(html).toContain("Jonas Jäger");
    expect(html).not.toContain("Mira Meyer");
  });

  it("makes Apple answer with form_post only, and requires PKCE everywhere", async () => {
    const query = await fetch(authorize("apple"), { redirect: "manual" });
    expect(query.status).toBe(303);
    expect(query.headers.get("location")).toContain("error=invalid_request");
    const noPkce = authorize("google");
    noPkce.searchParams.delete("code_challenge");
    noPkce.searchParams.delete("code_challenge_method");
    const res = await fetch(noPkce, { redirect: "manual" });
    expect(res.headers.get("location")).toContain("error=invalid_request");
  });

  it("answers Graph /me without a valid token as Facebook does", async () => {
    const res = await fetch(`${provider.issuer("facebook")}/graph/me?access_token=nope`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: "OAuthException", code: 190 } });
  });
});

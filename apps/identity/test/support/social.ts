import { generateKeyPairSync } from "node:crypto";
import { type LocalProvider, startLocalProvider } from "@moos/local-provider";
import { freePort } from "./free-port.ts";
import { type Browser, type Harness, startHarness } from "./harness.ts";

// The identity service wired to a real local sign-in provider (apps/local-provider, started in
// this process on a free port), and a driver that plays the browser at the provider with
// plain HTTP: follow the authorization redirect, pick a person on the page, come back. The
// browser's cookie jar holds both hosts' cookies, except on Apple's cross-site form POST,
// which is sent without cookies as SameSite=Lax makes a real browser do.

export interface SocialHarness {
  h: Harness;
  provider: LocalProvider;
  /** Rewrites answers the identity service receives from providers (token endpoint, JWKS). */
  tamper: { with?: ((url: string, response: Response) => Promise<Response>) | undefined };
  close(): Promise<void>;
}

export type Choice =
  | { person: string }
  | { custom: { email?: string; first: string; last: string } }
  | "cancel";

export async function startSocialHarness(
  overrides: Record<string, unknown> = {},
  extraProviders: Record<string, unknown>[] = [],
): Promise<SocialHarness> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}/`;
  const apple = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const provider = await startLocalProvider({
    port: 0,
    relyingParties: [publicUrl],
    apple: {
      teamId: "TESTTEAM01",
      keyId: "TESTKEY001",
      publicKey: apple.publicKey.export({ type: "spki", format: "pem" }).toString(),
    },
  });
  const { clients } = provider;
  const tamper: SocialHarness["tamper"] = {};
  const fetchThrough: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    return tamper.with ? tamper.with(url, response) : response;
  };
  const h = await startHarness(
    merge(
      {
        serve: { public: { base_url: publicUrl, port } },
        selfservice: {
          methods: {
            oidc: {
              enabled: true,
              config: {
                providers: [
                  {
                    id: "google",
                    provider: "google",
                    client_id: clients.google.clientId,
                    client_secret: clients.google.clientSecret,
                    issuer_url: provider.issuer("google"),
                    fedcm_config_url: `${provider.issuer("google")}/fedcm.json`,
                  },
                  {
                    id: "apple",
                    provider: "apple",
                    client_id: clients.apple.clientId,
                    issuer_url: provider.issuer("apple"),
                    apple_team_id: "TESTTEAM01",
                    apple_private_key_id: "TESTKEY001",
                    apple_private_key: apple.privateKey
                      .export({ type: "pkcs8", format: "pem" })
                      .toString(),
                  },
                  {
                    id: "facebook",
                    provider: "facebook",
                    client_id: clients.facebook.clientId,
                    client_secret: clients.facebook.clientSecret,
                    issuer_url: provider.issuer("facebook"),
                    auth_url: `${provider.issuer("facebook")}/auth`,
                    token_url: `${provider.issuer("facebook")}/token`,
                    userinfo_url: `${provider.issuer("facebook")}/graph/me`,
                  },
                  ...extraProviders,
                ],
              },
            },
          },
        },
      },
      overrides,
    ),
    { fetch: fetchThrough },
  );
  return {
    h,
    provider,
    tamper,
    async close() {
      await h.close();
      await provider.close();
    },
  };
}

/** What the provider sends the browser back with: a redirect, or Apple's auto-posting form. */
export type ProviderAnswer =
  | { method: "GET"; url: string }
  | { method: "POST"; url: string; form: Record<string, string> };

/** Plays the customer at the provider: open the authorization URL, choose, return. */
export async function atProvider(
  browser: Browser,
  authorizationUrl: string,
  choice: Choice,
): Promise<ProviderAnswer> {
  const start = await browser.fetch(authorizationUrl);
  if (start.status !== 303)
    throw new Error(`provider answered ${start.status}: ${await start.text()}`);
  const interaction = new URL(start.headers.get("location")!, authorizationUrl).href;
  const page = await browser.fetch(interaction);
  if (page.status !== 200) throw new Error(`interaction page answered ${page.status}`);
  await page.text();
  const form: Record<string, string> =
    choice === "cancel"
      ? { person: "", cancel: "true" }
      : "person" in choice
        ? { person: choice.person }
        : { person: "custom", ...choice.custom, email: choice.custom.email ?? "" };
  const chosen = await browser.fetch(interaction, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  if (chosen.status !== 303) throw new Error(`choice answered ${chosen.status}`);
  const resume = await browser.fetch(new URL(chosen.headers.get("location")!, interaction).href);
  if (resume.status === 303) {
    return { method: "GET", url: new URL(resume.headers.get("location")!, interaction).href };
  }
  const html = await resume.text();
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action)
    throw new Error(`unexpected provider answer ${resume.status}: ${html.slice(0, 300)}`);
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)];
  return {
    method: "POST",
    url: decodeHtml(action),
    form: Object.fromEntries(inputs.map(([, name, value]) => [name!, decodeHtml(value!)])),
  };
}

/**
 * Delivers the provider's answer to the identity service and returns its final response (not
 * followed). A form_post goes without cookies (cross-site POST, SameSite=Lax), then the
 * browser follows the 303 to the GET callback with its cookies.
 */
export async function backToIdentity(browser: Browser, answer: ProviderAnswer): Promise<Response> {
  if (answer.method === "GET") return browser.fetch(answer.url);
  const posted = await fetch(answer.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answer.form).toString(),
    redirect: "manual",
  });
  if (posted.status !== 303) throw new Error(`form_post answered ${posted.status}`);
  return browser.fetch(posted.headers.get("location")!);
}

function decodeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#34;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

function merge(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isObject(value) && isObject(current)) merge(current, value);
    else target[key] = value;
  }
  return target;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";
import { appleUserField, verifyAppleClientSecret } from "./apple.ts";
import { graphMe } from "./facebook-graph.ts";
import { interactionPage } from "./interaction-page.ts";
import { newSigningKey, type SigningKey, signJwt } from "./keys.ts";
import { memoryAdapter } from "./memory-adapter.ts";
import {
  claimsOf,
  customPerson,
  type Person,
  type ProviderKind,
  personsFor,
  subjectOf,
  testPersons,
} from "./persons.ts";

// One HTTP server on 127.0.0.1 with three OpenID providers built on oidc-provider, one issuer
// each: <url>/google, <url>/apple (form_post, ES256 client secret, `user` field on the first
// authorization) and <url>/facebook (OAuth 2 only, Graph `/me` stand-in at
// <url>/facebook/graph/me). A page at <issuer>/interaction/<uid> lets you pick the person.
// It never remembers a sign-in, so every authorization shows the page again.

export const providerKinds = ["google", "apple", "facebook"] as const;

export interface LocalClient {
  clientId: string;
  clientSecret: string;
}

/** The dev key pair for the Apple client secret; local.yaml holds its private half. Not secret. */
export const localApple = {
  teamId: "MOOSTEAM01",
  keyId: "LOCALKEY01",
  publicKey: `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE0FpMaZxjE+jihc+HfHiqFcukDDTx
AL2JGDtlivkVvS/EOak47bWpoLVaR+1KsO2R/HoyHfzTSxdwnOU1Gqpvwg==
-----END PUBLIC KEY-----
`,
};

export const defaultClients: Record<ProviderKind, LocalClient> = {
  google: { clientId: "moos-google", clientSecret: "local-google-secret-not-secret" },
  // Registered because oidc-provider wants one; the JWT client secret is checked instead.
  apple: { clientId: "moos-apple", clientSecret: "unused-apple-static-secret" },
  facebook: { clientId: "moos-facebook", clientSecret: "local-facebook-secret-not-secret" },
};

export interface LocalProviderOptions {
  host?: string;
  /** 4446 by default; 0 picks a free port. */
  port?: number;
  /** Public base URLs of identity services allowed to receive callbacks. */
  relyingParties?: string[];
  clients?: Partial<Record<ProviderKind, LocalClient>>;
  apple?: { teamId: string; keyId: string; publicKey: string };
}

export interface LocalProvider {
  url: string;
  issuer(kind: ProviderKind): string;
  clients: Record<ProviderKind, LocalClient>;
  /** Signs claims with the provider's own key, as an ID token it issued would be (for tests). */
  signIdToken(kind: ProviderKind, claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function startLocalProvider(
  options: LocalProviderOptions = {},
): Promise<LocalProvider> {
  const host = options.host ?? "127.0.0.1";
  const relyingParties = options.relyingParties ?? [
    "http://localhost:3000/",
    "http://127.0.0.1:4433/",
  ];
  const clients = { ...defaultClients, ...options.clients };
  const apple = options.apple ?? localApple;
  const custom = new Map<string, Person>();
  const mounted = new Map<ProviderKind, { provider: Provider; key: SigningKey }>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[local-provider]", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("internal error");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 4446, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const personOf = (kind: ProviderKind, sub: string): Person | undefined =>
    personsFor(kind, custom.values()).find((p) => subjectOf(kind, p) === sub);

  for (const kind of providerKinds) {
    const key = newSigningKey(`${kind}-key`);
    const issuer = `${url}/${kind}`;
    const provider = new Provider(
      issuer,
      providerConfiguration({
        kind,
        key,
        client: clients[kind],
        redirectUris: relyingParties.map(
          (base) => new URL(`self-service/methods/oidc/callback/${kind}`, base).href,
        ),
        personOf: (sub) => personOf(kind, sub),
      }),
    );
    if (kind === "apple") {
      provider.use(appleUserField((sub) => personOf("apple", sub)));
      const check = { clientId: clients.apple.clientId, ...apple, audience: issuer };
      // Apple's client secret is a JWT made per request, not the registered static value.
      Object.assign(provider.Client.prototype, {
        compareClientSecret: (actual: string) => verifyAppleClientSecret(actual, check),
      });
    }
    mounted.set(kind, { provider, key });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", url).pathname;
    const kind = providerKinds.find((k) => path === `/${k}` || path.startsWith(`/${k}/`));
    const entry = kind && mounted.get(kind);
    if (!kind || !entry) {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end(providerKinds.map((k) => `${url}/${k}`).join("\n"));
      return;
    }
    const rest = path.slice(kind.length + 1) || "/";
    if (rest.startsWith("/interaction/")) return interaction(kind, entry.provider, req, res);
    if (kind === "facebook" && rest === "/graph/me") {
      return graphMe(req, res, {
        provider: entry.provider,
        appSecret: clients.facebook.clientSecret,
        personOf: (sub) => personOf("facebook", sub),
      });
    }
    // A new authorization request never sees an earlier sign-in: the picker shows every time.
    if (rest === "/auth") stripSessionCookies(req);
    const original = req.url ?? "/";
    Object.assign(req, { originalUrl: original, url: original.slice(kind.length + 1) || "/" });
    entry.provider.callback()(req, res);
  }

  async function interaction(
    kind: ProviderKind,
    provider: Provider,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    if (req.method !== "POST") {
      const html = interactionPage({
        kind,
        action: `/${kind}/interaction/${details.uid}`,
        clientId,
        persons: personsFor(kind, custom.values()),
      });
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      return;
    }
    const form = await readForm(req);
    if (form.cancel === "true") {
      return provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "Die Anmeldung wurde abgebrochen." },
        { mergeWithLastSubmission: false },
      );
    }
    const person =
      form.person === "custom"
        ? customPerson(form)
        : personsFor(kind, custom.values()).find((p) => p.key === form.person);
    if (!person) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("unknown person");
      return;
    }
    if (form.person === "custom") custom.set(person.key, person);
    const accountId = subjectOf(kind, person);
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    url,
    issuer: (kind) => `${url}/${kind}`,
    clients,
    signIdToken: (kind, claims) => signJwt(mounted.get(kind)!.key, claims),
    close: () => closeServer(server),
  };
}

function providerConfiguration(options: {
  kind: ProviderKind;
  key: SigningKey;
  client: LocalClient;
  redirectUris: string[];
  personOf: (sub: string) => Person | undefined;
}): Configuration {
  const { kind, client } = options;
  return {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
        // Apple answers with a cross-site POST (form_post) whenever name or email is asked.
        ...(kind === "apple" ? { response_modes: ["form_post"] } : {}),
      },
    ],
    jwks: { keys: [options.key.jwk] },
    cookies: { keys: [`local-provider-${kind}-cookie-key-not-secret`] },
    scopes: ["openid", "email", "profile", "name", "public_profile"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified", "is_private_email"],
      profile: ["name", "given_name", "family_name", "locale"],
      public_profile: ["name", "given_name", "family_name"],
      name: [],
    },
    // Like Google and Apple: the asked claims are in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/${kind}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    findAccount(_ctx, sub) {
      const person = options.personOf(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ ...claimsOf(kind, person), sub }) };
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Fehler / error</title><h1>Fehler beim lokalen Anbieter / local provider error</h1><pre>${Object.entries(
        out,
      )
        .map(([k, v]) => `${k}: ${String(v).replaceAll("<", "&lt;")}`)
        .join("\n")}</pre>`;
    },
  };
}

function stripSessionCookies(req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  if (!cookie) return;
  req.headers.cookie = cookie
    .split(";")
    .map((c) => c.trim())
    .filter((c) => !c.startsWith("_session"))
    .join("; ");
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export { testPersons };

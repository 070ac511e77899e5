import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LogoutTokenError, logoutTokenVerifier } from "./backchannel-logout.ts";
import { homePage, type Language } from "./pages.ts";
import {
  type PendingLogin,
  RelyingParty,
  type RelyingPartyOptions,
  type SignedIn,
} from "./relying-party.ts";

// An example shop that signs its customers in with Moos (OpenID Connect): "Anmelden" sends the
// browser to Moos and back, the shop shows the name, "Abmelden" logs out of the shop and Moos
// (RP-initiated logout), and a logout in Moos ends the shop's session (back-channel logout).
//
// It is an example: its sessions live in this process's memory and are gone on restart; a
// real shop keeps them in its own store. It holds nothing of Moos's but the ID token it got.
// Cookies are HttpOnly and SameSite=Lax, so another site cannot post the logout form with them.

export interface ShopOptions extends RelyingPartyOptions {
  port: number;
  host?: string;
  /** Where "Mein Moos-Konto" links (the account web app's settings). */
  accountUrl?: string;
}

interface ShopSession {
  customer: SignedIn;
}

const sessionCookie = "shop_example_session";
const loginCookie = "shop_example_login";
const languageCookie = "shop_example_lang";

export interface Shop {
  url: string;
  close(): Promise<void>;
}

export async function startShop(options: ShopOptions): Promise<Shop> {
  const rp = new RelyingParty(options);
  const verifyLogoutToken = logoutTokenVerifier(rp);
  const sessions = new Map<string, ShopSession>();
  const pending = new Map<string, PendingLogin & { language: Language }>();
  const secure = options.baseUrl.startsWith("https:");

  const routes: Record<
    string,
    (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>
  > = {
    "GET /": async (req, res, url) => {
      const cookies = cookiesOf(req);
      const session = sessions.get(cookies[sessionCookie] ?? "");
      const chosen = languageOf(url.searchParams.get("lang"));
      const language = chosen ?? languageOf(cookies[languageCookie]) ?? "de";
      // The choice is remembered: Moos's logout comes back to `/` without it.
      if (chosen) res.setHeader("set-cookie", cookie(languageCookie, chosen, { secure }));
      html(
        res,
        homePage({
          language,
          customer: session?.customer,
          accountUrl: options.accountUrl,
          failed: url.searchParams.has("error"),
        }),
      );
    },
    "GET /login": async (_req, res, url) => {
      const language = languageOf(url.searchParams.get("lang")) ?? "de";
      const { url: target, pending: login } = await rp.loginUrl({ language });
      const id = randomId();
      pending.set(id, { ...login, language });
      res.setHeader("set-cookie", cookie(loginCookie, id, { secure, maxAge: 600 }));
      redirect(res, target.href);
    },
    "GET /callback": async (req, res, url) => {
      const id = cookiesOf(req)[loginCookie] ?? "";
      const login = pending.get(id);
      pending.delete(id);
      const cleared = cookie(loginCookie, "", { secure, maxAge: 0 });
      if (!login) return redirect(res, "/?error=1", [cleared]);
      try {
        const customer = await rp.finish(url, login);
        const sessionId = randomId();
        sessions.set(sessionId, { customer });
        redirect(res, `/?lang=${login.language}`, [
          cleared,
          cookie(sessionCookie, sessionId, { secure }),
        ]);
      } catch {
        // Moos answered with an error (the customer said no) or a bad answer.
        redirect(res, `/?lang=${login.language}&error=1`, [cleared]);
      }
    },
    "POST /logout": async (req, res) => {
      const id = cookiesOf(req)[sessionCookie] ?? "";
      const session = sessions.get(id);
      sessions.delete(id);
      const cleared = cookie(sessionCookie, "", { secure, maxAge: 0 });
      if (!session) return redirect(res, "/", [cleared]);
      redirect(res, (await rp.logoutUrl(session.customer.idToken)).href, [cleared]);
    },
    "POST /backchannel-logout": async (req, res) => {
      const token = new URLSearchParams(await readBody(req)).get("logout_token") ?? "";
      try {
        const order = await verifyLogoutToken(token);
        for (const [id, { customer }] of sessions) {
          const named = order.sid ? customer.sid === order.sid : customer.subject === order.sub;
          if (named) sessions.delete(id);
        }
        res.writeHead(200, { "cache-control": "no-store" }).end();
      } catch (error) {
        if (!(error instanceof LogoutTokenError)) throw error;
        res
          .writeHead(400, { "content-type": "application/json", "cache-control": "no-store" })
          .end(JSON.stringify({ error: "invalid_request", error_description: error.message }));
      }
    },
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", options.baseUrl);
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
    route(req, res, url).catch((error: unknown) => {
      console.error("shop-example:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Something went wrong.");
    });
  });
  await listen(server, options.port, options.host ?? "127.0.0.1");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function languageOf(value: string | null | undefined): Language | undefined {
  return value === "de" || value === "en" ? value : undefined;
}

function randomId(): string {
  return randomBytes(24).toString("base64url");
}

function cookiesOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) out[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return out;
}

function cookie(
  name: string,
  value: string,
  options: { secure: boolean; maxAge?: number },
): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
    ...(options.maxAge !== undefined ? [`Max-Age=${options.maxAge}`] : []),
  ].join("; ");
}

function html(res: ServerResponse, body: string): void {
  res
    .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    .end(body);
}

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  if (cookies.length) res.setHeader("set-cookie", cookies);
  res.writeHead(303, { location, "cache-control": "no-store" }).end();
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > limit) throw new LogoutTokenError("the request body is too large");
  }
  return body;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}

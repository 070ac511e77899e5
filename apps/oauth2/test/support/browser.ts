// A browser for the provider's redirects: keeps cookies by name and path (all servers in the
// tests live on 127.0.0.1, and browsers ignore ports for cookies), sends them on requests to
// that host, and follows redirects one by one so a test can stop where the login, consent or
// logout app, or the client's redirect_uri, would take over.

interface Cookie {
  value: string;
  path: string;
}

export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  private readonly host: string;

  constructor(host = "127.0.0.1") {
    this.host = host;
  }

  /** One request, no redirects followed. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    if (target.hostname === this.host) {
      const header = this.cookieHeader(target.pathname);
      if (header) headers.set("cookie", header);
    }
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    if (target.hostname === this.host) this.store(response, target.pathname);
    return response;
  }

  /**
   * Follows redirects from `url` until a Location satisfies `stop` (that URL is returned,
   * not fetched). A page that is not a redirect ends the walk with an error naming it.
   */
  async follow(url: string | URL, stop: (location: URL) => boolean, max = 12): Promise<URL> {
    let next = new URL(url);
    for (let i = 0; i < max; i++) {
      if (stop(next)) return next;
      const response = await this.request(next);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        const body = await response.text();
        throw new BrowserStopped(next, response.status, body);
      }
      next = new URL(location, next);
    }
    throw new Error(`more than ${max} redirects from ${String(url)}`);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private cookieHeader(path: string): string {
    return [...this.cookies]
      .filter(
        ([, c]) => path === c.path || path.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join("; ");
  }

  private store(response: Response, requestPath: string): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((p) => p.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attribute("expires");
      const expired =
        attribute("max-age") === "0" ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired || value === "") {
        this.cookies.delete(name);
        continue;
      }
      const path = attribute("path") ?? requestPath.slice(0, requestPath.lastIndexOf("/") + 1);
      this.cookies.set(name, { value, path: path || "/" });
    }
  }
}

export class BrowserStopped extends Error {
  readonly url: URL;
  readonly status: number;
  readonly body: string;

  constructor(url: URL, status: number, body: string) {
    // The error page's technical line, when it is one; else the start of the body.
    const detail = /<small>(.*?)<\/small>/s.exec(body)?.[1] ?? body.slice(0, 300);
    super(`the browser stopped at ${url.href} with ${status}: ${detail}`);
    this.url = url;
    this.status = status;
    this.body = body;
  }
}

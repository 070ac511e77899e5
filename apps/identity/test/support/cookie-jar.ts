/** A minimal browser cookie store for one host: enough to carry session and CSRF cookies. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Wraps fetch so requests carry the jar's cookies and responses update it; no redirects are followed. */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      if (this.cookies.size > 0) headers.set("cookie", this.header());
      const response = await inner(input, { ...init, headers, redirect: "manual" });
      this.store(response);
      return response;
    };
  }
}

import { randomUUID } from "node:crypto";
import { Configuration, FrontendApi } from "@ory/client-fetch";

// Customers for the benchmark, made through the public API as an app makes them.

export const benchPassword = "Bench-Farn-2026!";

/**
 * A stable device value of the app's own, sent in `X-Moos-Device` as docs/account-safety.md#trusted-devices asks apps to
 * (account safety): the customers register in the app and sign in again from it, so each
 * sign-in is from a device their account knows, as a returning customer's is. Without it every
 * app sign-in counts as a new device and writes a security notice email for the courier, and the
 * login figure would measure the email as much as the sign-in (the verification email is off for
 * the same reason).
 */
export const benchAppDevice = randomUUID().replaceAll("-", "");

export function frontend(publicUrl: string, options: { device?: string } = {}): FrontendApi {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.device) headers["X-Moos-Device"] = options.device;
  return new FrontendApi(new Configuration({ basePath: publicUrl, headers }));
}

/** Registers the address with a password; returns the new session's token. */
export async function register(api: FrontendApi, email: string): Promise<string> {
  const flow = await api.createNativeRegistrationFlow();
  const { session_token } = await api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: "password",
      password: benchPassword,
      traits: { email, name: { first: "Be", last: "Nch" } },
    },
  });
  if (!session_token) throw new Error("registration gave no session token");
  return session_token;
}

/** Signs in with the password; returns the session's token. */
export async function login(api: FrontendApi, email: string): Promise<string> {
  const flow = await api.createNativeLoginFlow();
  const { session_token } = await api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: "password", identifier: email, password: benchPassword },
  });
  if (!session_token) throw new Error("login gave no session token");
  return session_token;
}

/** Runs `task` `total` times with `concurrency` in flight; returns completions per second. */
export async function perSecond(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/** Runs `task` with `concurrency` in flight for `seconds`; returns completions per second. */
export async function forDuration(
  seconds: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  let done = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await task(next++);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

/** Signs in through a browser flow (CSRF cookie and token); returns the Cookie header it ends with. */
export async function browserCookie(publicUrl: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = (): string => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const started = await fetch(`${publicUrl}/self-service/login/browser`, {
    headers: { accept: "application/json" },
  });
  keep(started);
  const flow = (await started.json()) as {
    id: string;
    ui: { nodes: { attributes: { name?: string; value?: unknown } }[] };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === "csrf_token")?.attributes;
  const done = await fetch(`${publicUrl}/self-service/login?flow=${flow.id}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", cookie: header() },
    body: JSON.stringify({
      method: "password",
      identifier: email,
      password: benchPassword,
      csrf_token: csrf?.value,
    }),
  });
  keep(done);
  if (!done.ok) throw new Error(`browser login answered ${done.status}`);
  return header();
}

/** Ends the session of a native sign-in. */
export async function logout(api: FrontendApi, token: string): Promise<void> {
  await api.performNativeLogout({ performNativeLogoutBody: { session_token: token } });
}

import { Configuration, FrontendApi } from "@ory/client-fetch";

// Customers for the benchmark, made through the public API as an app makes them.

export const benchPassword = "Bench-Farn-2026!";

export function frontend(publicUrl: string): FrontendApi {
  return new FrontendApi(
    new Configuration({ basePath: publicUrl, headers: { Accept: "application/json" } }),
  );
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

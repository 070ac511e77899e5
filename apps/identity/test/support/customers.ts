import { password, traitsOf } from "../contract/account-helpers.ts";
import { type Answers, messagesIn } from "./answers.ts";

// Customers of a native app signing up, verifying their address with the emailed code and
// signing in over the public API, without pause, while the database comes and goes
// (test/process/database-crash.test.ts). A customer answered 503 waits a moment and tries
// again, as the Retry-After asks (shortened, so the test stays quick).

export interface Session {
  email: string;
  token: string;
}

export interface CustomerLoad {
  /** Session tokens issued while the load ran. */
  sessions: Session[];
  /** Sign-ups answered 503 that had stored the account all the same (the retry: "taken"). */
  storedDespite503: number;
  stop(): Promise<void>;
}

const retryPauseMs = 50;
const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { accept: "application/json", "content-type": "application/json" },
  body: JSON.stringify(body),
});
const accept = { headers: { accept: "application/json" } };

export function startCustomers(
  answers: Answers,
  options: {
    /** The public URLs of the instances; customers take turns between them. */
    publicUrls: readonly string[];
    customers: number;
    /** The code of the newest email to the address, once one arrived. */
    codeFor(email: string): Promise<string>;
  },
): CustomerLoad {
  const sessions: Session[] = [];
  let running: Promise<unknown> = Promise.resolve();
  const load: CustomerLoad = {
    sessions,
    storedDespite503: 0,
    async stop() {
      stopped = true;
      await running;
    },
  };
  let stopped = false;
  let sequence = 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, retryPauseMs));

  async function call(
    base: string,
    step: string,
    path: string,
    init: RequestInit & { allowed?: readonly number[] } = accept,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const { status, text } = await answers.call("identity", step, `${base}${path}`, init);
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // Not JSON: the status alone is noted.
    }
    return { status, json: parsed };
  }

  /** A flow started anew until it is not answered 503 (or the load stops). */
  async function started(base: string, step: string, path: string) {
    for (;;) {
      const flow = await call(base, step, path);
      if (flow.status !== 503 || stopped) return flow;
      await pause();
    }
  }

  /** Signs up; returns the session token and the verification flow's id. */
  async function signUp(
    base: string,
    email: string,
  ): Promise<{ token: string; verification: string } | undefined> {
    let answered503 = false;
    for (;;) {
      const flow = await started(base, "sign-up start", "/self-service/registration/api");
      if (flow.status !== 200) return undefined;
      // A retry after a 503 may find the first attempt stored after all: the address is taken.
      const done = await call(base, "sign-up", `/self-service/registration?flow=${flow.json.id}`, {
        ...json({ method: "password", password, traits: traitsOf(email) }),
        allowed: answered503 ? [400] : [],
      });
      if (done.status === 200) {
        const next = (done.json.continue_with as { action: string; flow?: { id: string } }[]).find(
          (item) => item.action === "show_verification_ui",
        );
        return { token: String(done.json.session_token), verification: next?.flow?.id ?? "" };
      }
      if (done.status === 400) load.storedDespite503 += 1;
      if (done.status !== 503 || stopped) return undefined;
      answered503 = true;
      await pause();
    }
  }

  /** Enters the emailed code into the verification flow; true once the address is verified. */
  async function verify(base: string, email: string, flowId: string): Promise<boolean> {
    const code = await options.codeFor(email);
    for (;;) {
      const done = await call(base, "verify", `/self-service/verification?flow=${flowId}`, {
        ...json({ method: "code", code }),
      });
      if (done.status === 503 && !stopped) {
        await pause();
        continue;
      }
      // A wrong or used code is answered 200 with the flow still waiting for a code: the code
      // of a request answered 503 must still work.
      const passed = done.status === 200 && done.json.state === "passed_challenge";
      if (done.status === 200 && !passed)
        answers.unexpected.push(`identity verify: ${messagesIn(JSON.stringify(done.json))}`);
      return passed;
    }
  }

  async function signIn(base: string, email: string): Promise<string | undefined> {
    for (;;) {
      const flow = await started(base, "sign-in start", "/self-service/login/api");
      if (flow.status !== 200) return undefined;
      const done = await call(base, "sign-in", `/self-service/login?flow=${flow.json.id}`, {
        ...json({ method: "password", identifier: email, password }),
      });
      if (done.status === 200) return String(done.json.session_token);
      if (done.status !== 503 || stopped) return undefined;
      await pause();
    }
  }

  async function customer(index: number): Promise<void> {
    while (!stopped) {
      sequence += 1;
      const base = options.publicUrls[(index + sequence) % options.publicUrls.length] ?? "";
      const other = options.publicUrls[(index + sequence + 1) % options.publicUrls.length] ?? "";
      const email = `crash-${index}-${sequence}-${Date.now().toString(36)}@example.com`;
      const signedUp = await signUp(base, email);
      if (!signedUp || stopped) continue;
      sessions.push({ email, token: signedUp.token });
      await call(other, "whoami", "/sessions/whoami", {
        headers: { accept: "application/json", "x-session-token": signedUp.token },
      });
      if (!(await verify(other, email, signedUp.verification)) || stopped) continue;
      const signedIn = await signIn(base, email);
      if (signedIn) sessions.push({ email, token: signedIn });
    }
  }

  running = Promise.all(Array.from({ length: options.customers }, (_, index) => customer(index)));
  return load;
}

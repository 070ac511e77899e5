import { password, traitsOf } from "../contract/account-helpers.ts";

// Customers of a native app signing up and in over the public API, without pause, while the
// database comes and goes (test/process/database-crash.test.ts). Every answer is tallied by
// status and by whether the database was down when it was asked; an answer no customer should
// ever get is kept with what it said. A customer answered 503 waits a moment and tries again,
// as the Retry-After asks (shortened, so the test stays quick).

export interface Answer {
  step: string;
  status: number;
  /** Whether the database was down, or went or came back, while the request was under way. */
  duringOutage: boolean;
}

export interface Session {
  email: string;
  token: string;
}

export interface CustomerLoad {
  /** Answers by "status" and "status during outage". */
  tally: Map<string, number>;
  /** Answers no customer should get: anything but 2xx, a 503, or a 4xx the step allows. */
  unexpected: string[];
  /** Session tokens issued while the load ran. */
  sessions: Session[];
  /** Sign-ups answered 503 that had stored the account all the same (its retry said "taken"). */
  storedDespite503: number;
  /** Resolves once `check` holds after some answer (never polls). */
  until(check: () => boolean): Promise<void>;
  answers: Answer[];
  stop(): Promise<void>;
}

const retryPauseMs = 50;

export function startCustomers(options: {
  /** The public URLs of the instances; customers take turns between them. */
  publicUrls: readonly string[];
  customers: number;
  /**
   * -1 while the database is down, else a number that changes with every crash and return: a
   * request that saw it change, or -1, met an outage.
   */
  outageEpoch(): number;
  /** The code of the newest email to the address, once one arrived. */
  codeFor(email: string): Promise<string>;
}): CustomerLoad {
  const answers: Answer[] = [];
  const tally = new Map<string, number>();
  const unexpected: string[] = [];
  const sessions: Session[] = [];
  const waiters = new Set<{ check: () => boolean; resolve: () => void }>();
  let stopped = false;
  let sequence = 0;
  const load: CustomerLoad = {
    tally,
    unexpected,
    sessions,
    storedDespite503: 0,
    answers,
    until(check) {
      if (check()) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ check, resolve }));
    },
    async stop() {
      stopped = true;
      await running;
    },
  };

  function note(step: string, status: number, duringOutage: boolean, body: string): void {
    answers.push({ step, status, duringOutage });
    const key = `${status}${duringOutage ? " during outage" : ""}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    // A retry after a 503 may find the first attempt stored after all (the address taken, the
    // code used): the customer then carries on as if it had worked.
    const allowed = status < 300 || status === 503 || (step.endsWith(" retry") && status === 400);
    if (!allowed) unexpected.push(`${step}: ${status} ${messagesIn(body)}`);
    for (const waiter of waiters) {
      if (!waiter.check()) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  }

  async function call(
    base: string,
    step: string,
    path: string,
    init: { body?: unknown; token?: string } = {},
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const sentIn = options.outageEpoch();
    const met = (): boolean => sentIn === -1 || options.outageEpoch() !== sentIn;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers: {
          accept: "application/json",
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...(init.token ? { "x-session-token": init.token } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch (error) {
      // No answer at all: the instance is gone.
      note(step, 0, met(), String((error as Error).cause ?? error));
      return { status: 0, json: {} };
    }
    const text = await response.text();
    note(step, response.status, met(), text);
    return {
      status: response.status,
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  /** Runs `attempt` until it is answered with something else than 503 (or the load stops). */
  async function retried<T extends { status: number }>(attempt: () => Promise<T>): Promise<T> {
    for (;;) {
      const result = await attempt();
      if (result.status !== 503 || stopped) return result;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }

  /** Signs up; returns the session token and the verification flow's id. */
  async function signUp(
    base: string,
    email: string,
  ): Promise<{ token: string; verification: string } | undefined> {
    let answered503 = false;
    for (;;) {
      const flow = await retried(() =>
        call(base, "sign-up start", "/self-service/registration/api"),
      );
      if (flow.status !== 200) return undefined;
      const step = answered503 ? "sign-up retry" : "sign-up";
      const done = await call(
        base,
        step,
        `/self-service/registration?flow=${String(flow.json.id)}`,
        {
          body: { method: "password", password, traits: traitsOf(email) },
        },
      );
      if (done.status === 200) {
        const next = (done.json.continue_with as { action: string; flow?: { id: string } }[]).find(
          (item) => item.action === "show_verification_ui",
        );
        return { token: String(done.json.session_token), verification: next?.flow?.id ?? "" };
      }
      if (done.status === 400 && answered503) {
        // The 503 came after the account was stored: the address is taken now.
        load.storedDespite503 += 1;
        return undefined;
      }
      if (done.status !== 503 || stopped) return undefined;
      answered503 = true;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }

  /** Enters the emailed code into the verification flow. */
  async function verify(base: string, email: string, flowId: string): Promise<boolean> {
    const code = await options.codeFor(email);
    let step = "verify";
    for (;;) {
      const done = await call(base, step, `/self-service/verification?flow=${flowId}`, {
        body: { method: "code", code },
      });
      if (done.status !== 503 || stopped) {
        // A wrong or used code is answered 200 with the flow still waiting for a code.
        const passed = done.status === 200 && done.json.state === "passed_challenge";
        if (!passed && done.status === 200)
          unexpected.push(`${step}: ${messagesIn(JSON.stringify(done.json))}`);
        return passed;
      }
      step = "verify retry";
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }

  async function signIn(base: string, email: string): Promise<string | undefined> {
    for (;;) {
      const flow = await retried(() => call(base, "sign-in start", "/self-service/login/api"));
      if (flow.status !== 200) return undefined;
      const done = await call(base, "sign-in", `/self-service/login?flow=${String(flow.json.id)}`, {
        body: { method: "password", identifier: email, password },
      });
      if (done.status === 200) return String(done.json.session_token);
      if (done.status !== 503 || stopped) return undefined;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }

  async function customer(index: number): Promise<void> {
    while (!stopped) {
      sequence += 1;
      const base = options.publicUrls[(index + sequence) % options.publicUrls.length] ?? "";
      const email = `crash-${index}-${sequence}-${Date.now().toString(36)}@example.com`;
      const signedUp = await signUp(base, email);
      if (!signedUp || stopped) continue;
      sessions.push({ email, token: signedUp.token });
      const other = options.publicUrls[(index + sequence + 1) % options.publicUrls.length] ?? "";
      await call(other, "whoami", "/sessions/whoami", { token: signedUp.token });
      if (!(await verify(other, email, signedUp.verification)) || stopped) continue;
      const signedIn = await signIn(base, email);
      if (signedIn) sessions.push({ email, token: signedIn });
    }
  }

  const running = Promise.all(
    Array.from({ length: options.customers }, (_, index) => customer(index)),
  ).then(() => undefined);
  return load;
}

/** The message ids and texts of a flow or an error body, for a failure's description. */
function messagesIn(body: string): string {
  const found = [...body.matchAll(/"id":(\d{7}),"text":"([^"]*)"/g)].map(
    ([, id, text]) => `${id} ${text}`,
  );
  const reason = /"reason":"([^"]*)"/.exec(body)?.[1];
  return [...found, ...(reason ? [reason] : [])].join("; ") || body.slice(0, 300);
}

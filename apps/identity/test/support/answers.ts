// What the clients of a crash test were answered (test/process/database-crash.test.ts): every
// answer tallied by status and by whether it met an outage, and the answers no client should
// ever get kept with what they said.

export interface Answer {
  service: string;
  step: string;
  status: number;
  /** Whether the database was down, or went or came back, while the request was under way. */
  duringOutage: boolean;
}

export interface Answers {
  list: Answer[];
  /** Answers by "service status" and "service status during outage". */
  tally: Map<string, number>;
  /** Answers outside what each step allows: anything but 2xx, 3xx, a 503 and named 4xx. */
  unexpected: string[];
  /** Resolves once `check` holds after some answer (never polls). */
  until(check: () => boolean): Promise<void>;
  /**
   * Sends a request and notes its answer; `allowed` names the statuses this step may get beside
   * 2xx, 3xx and 503 (a client's own mistake). Status 0: no answer at all (the process is gone).
   */
  call(
    service: string,
    step: string,
    url: string,
    init?: RequestInit & { allowed?: readonly number[] },
  ): Promise<{ status: number; text: string }>;
}

/**
 * @param outageEpoch -1 while the database is down, else a number that changes with every
 *   crash and return: a request that saw it change, or -1, met an outage.
 */
export function recordAnswers(outageEpoch: () => number): Answers {
  const list: Answer[] = [];
  const tally = new Map<string, number>();
  const unexpected: string[] = [];
  const waiters = new Set<{ check: () => boolean; resolve: () => void }>();
  return {
    list,
    tally,
    unexpected,
    until(check) {
      if (check()) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ check, resolve }));
    },
    async call(service, step, url, init = {}) {
      const { allowed = [], ...request } = init;
      const sentIn = outageEpoch();
      let status = 0;
      let text = "";
      try {
        const response = await fetch(url, { redirect: "manual", ...request });
        status = response.status;
        text = await response.text();
      } catch (error) {
        text = String((error as Error).cause ?? error);
      }
      const duringOutage = sentIn === -1 || outageEpoch() !== sentIn;
      list.push({ service, step, status, duringOutage });
      const key = `${service} ${status}${duringOutage ? " during outage" : ""}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (!((status >= 200 && status < 400) || status === 503 || allowed.includes(status)))
        unexpected.push(`${service} ${step}: ${status} ${messagesIn(text)}`);
      for (const waiter of waiters) {
        if (!waiter.check()) continue;
        waiters.delete(waiter);
        waiter.resolve();
      }
      return { status, text };
    },
  };
}

/** The message ids and texts of a flow or an error body, for a failure's description. */
export function messagesIn(body: string): string {
  const found = [...body.matchAll(/"id":(\d{7}),"text":"([^"]*)"/g)].map(
    ([, id, text]) => `${id} ${text}`,
  );
  const reason = /"(?:reason|error_description)":"([^"]*)"/.exec(body)?.[1];
  return [...found, ...(reason ? [reason] : [])].join("; ") || body.slice(0, 300);
}

import { randomBytes } from "node:crypto";
import { solve } from "../apps/identity/test/support/bot-client.ts";
import { challengeLevel, openRegistration, type Way } from "./support/registrant.ts";

// A wave of bots and the customers who register during it (docs/security.md#bot-defence). The
// bots rotate through the addresses of a few /24 networks and register a fresh address each
// time, at a fixed rate, started on time whatever the answers take (an open model: a bot does
// not wait for the one before it). They are cheap bots: they never solve a proof of work, and
// submit whether the flow carries a challenge or not; half use the API flow as a script does,
// half the browser flow without JavaScript, which the defence lets through after a wait while
// the network has waits left. The customers come from networks of their own, one /24 each, as
// households do, each registering once, half in an app and half in a browser.

/** Documentation and shared-address-space blocks: a few /24s of one botnet. */
export const botNetworks = ["192.0.2", "198.51.100", "203.0.113", "100.64.31"];
/** The /24s of the bots that solve: others, so the first wave's counts do not meet them. */
export const solvingBotNetworks = ["100.64.41", "100.64.42"];
const botDomains = ["gmail.com", "web.de", "gmx.de", "outlook.com"];

export interface BotTally {
  readonly sent: number;
  /** Registered: an account made, a session given. */
  readonly through: Record<Way, number>;
  /** Submits answered 400 (refused, or a challenge left unsolved) or 429. */
  readonly stopped: number;
  /** Flows that carried a challenge from their start. */
  readonly challengedAtStart: number;
  /** Requests that failed, or answers other than 200, 400 and 429. */
  readonly errors: number;
  /** What the first of them was. */
  readonly firstError?: string;
}

export interface CustomerTally {
  readonly sent: number;
  /** Customers whose flow carried a challenge, or whose submit was refused. */
  readonly metChallenge: number;
  readonly registered: number;
  /** Milliseconds from the flow's start to the answer of its submit, sorted. */
  readonly durations: readonly number[];
}

export interface WaveOptions {
  readonly publicUrl: string;
  readonly seconds: number;
  readonly botsPerSecond: number;
  readonly customersPerSecond: number;
}

/** Calls `task(k)` at `k / perSecond` seconds from now, for `seconds`; resolves when all ended. */
async function paced(
  seconds: number,
  perSecond: number,
  task: (k: number) => Promise<void>,
): Promise<void> {
  const start = performance.now();
  const total = Math.round(seconds * perSecond);
  const running: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(task(k));
  }
  await Promise.all(running);
}

const fresh = (): string => randomBytes(4).toString("hex");

export async function botWave(
  options: WaveOptions,
): Promise<{ bots: BotTally; customers: CustomerTally }> {
  const through: Record<Way, number> = { api: 0, browser: 0 };
  let stopped = 0;
  let challengedAtStart = 0;
  let errors = 0;
  let firstError: string | undefined;
  const failed = (what: unknown): void => {
    errors++;
    firstError ??= String(what);
  };
  const bots = paced(options.seconds, options.botsPerSecond, async (k) => {
    const network = botNetworks[k % botNetworks.length]!;
    const ip = `${network}.${1 + Math.floor(Math.random() * 254)}`;
    const way: Way = k % 2 === 0 ? "api" : "browser";
    try {
      const flow = await openRegistration(options.publicUrl, { ip, way });
      if (flow.challenge) challengedAtStart++;
      const { status } = await flow.submit(`${fresh()}.${k}@${botDomains[k % botDomains.length]!}`);
      if (status === 200) through[way]++;
      else if (status === 400 || status === 429) stopped++;
      else failed(`answered ${status}`);
    } catch (error) {
      failed(error);
    }
  });
  let metChallenge = 0;
  let registered = 0;
  const durations: number[] = [];
  const customers = paced(options.seconds, options.customersPerSecond, async (k) => {
    // 172.16.0.0/12: one /24 of its own for each customer.
    const ip = `172.${16 + Math.floor(k / 256)}.${k % 256}.${20 + (k % 200)}`;
    const way: Way = k % 2 === 0 ? "browser" : "api";
    const started = performance.now();
    const flow = await openRegistration(options.publicUrl, { ip, way });
    const { status } = await flow.submit(`kundin-${k}-${fresh()}@posteo.de`);
    durations.push(performance.now() - started);
    if (flow.challenge || status !== 200) metChallenge++;
    if (status === 200) registered++;
  });
  await Promise.all([bots, customers]);
  return {
    bots: {
      sent: Math.round(options.seconds * options.botsPerSecond),
      through,
      stopped,
      challengedAtStart,
      errors,
      ...(firstError ? { firstError } : {}),
    },
    customers: {
      sent: Math.round(options.seconds * options.customersPerSecond),
      metChallenge,
      registered,
      durations: durations.sort((a, b) => a - b),
    },
  };
}

export interface SolvingBotTally {
  readonly sent: number;
  readonly through: number;
  /** Challenges the bots solved, from a flow's start or from a refused submit. */
  readonly solved: number;
  /** Challenges above the bots' budget, left unsolved. */
  readonly gaveUp: number;
  /** Requests that failed, or answers other than 200, 400 and 429. */
  readonly errors: number;
  /** What the first of them was. */
  readonly firstError?: string;
}

/**
 * Bots that do solve: an app's script with ALTCHA's own solver (altcha-lib, as an app would
 * use it), one challenge at a time, on the load generator's core. A bot solves the challenge
 * its flow starts with, and when the submit is refused with a fresh challenge, solves that and
 * submits once more; a challenge above `highestLevel` it leaves unsolved (each level costs
 * `growth` times the one below). One at a time: solving side by side took the core from
 * PostgreSQL, which runs there too, and the service answered 503 for want of its database.
 */
export async function solvingBotWave(
  options: Omit<WaveOptions, "customersPerSecond"> & { highestLevel: number },
): Promise<SolvingBotTally> {
  let through = 0;
  let solved = 0;
  let gaveUp = 0;
  let errors = 0;
  let firstError: string | undefined;
  const failed = (what: unknown): void => {
    errors++;
    firstError ??= String(what);
  };
  let queue: Promise<unknown> = Promise.resolve();
  const solveJson = (json: string): Promise<string | undefined> => {
    if (challengeLevel(json) > options.highestLevel) {
      gaveUp++;
      return Promise.resolve(undefined);
    }
    solved++;
    const solution = queue.then(() => solve(JSON.parse(json) as Parameters<typeof solve>[0]));
    queue = solution.catch(() => undefined);
    return solution;
  };
  await paced(options.seconds, options.botsPerSecond, async (k) => {
    const network = solvingBotNetworks[k % solvingBotNetworks.length]!;
    const ip = `${network}.${1 + Math.floor(Math.random() * 254)}`;
    const email = `${fresh()}.${k}@${botDomains[k % botDomains.length]!}`;
    try {
      const flow = await openRegistration(options.publicUrl, { ip, way: "api" });
      let answer = await flow.submit(
        email,
        flow.challenge ? await solveJson(flow.challenge) : undefined,
      );
      const next = answer.status === 400 && answer.challenge && (await solveJson(answer.challenge));
      if (next) answer = await flow.submit(email, next);
      if (answer.status === 200) through++;
      else if (answer.status !== 400 && answer.status !== 429) failed(`answered ${answer.status}`);
    } catch (error) {
      failed(error);
    }
  });
  return {
    sent: Math.round(options.seconds * options.botsPerSecond),
    through,
    solved,
    gaveUp,
    errors,
    ...(firstError ? { firstError } : {}),
  };
}

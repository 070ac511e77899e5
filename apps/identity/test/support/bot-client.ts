import { Configuration, FrontendApi } from "@ory/client-fetch";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { CookieJar } from "./cookie-jar.ts";
import type { Harness } from "./harness.ts";

// Clients of the bot defence's tests (docs/security.md#bot-defence): each comes from an address
// of its own, which the harness believes because the request arrives from 127.0.0.1, a trusted
// proxy that forwards it (X-Forwarded-For); and what an app does to solve a flow's challenge.

export interface ClientFrom {
  /** An app: API flows, no cookies. */
  native: FrontendApi;
  /** A browser asking for JSON: its own cookie jar. */
  browser: FrontendApi;
}

export function clientFrom(h: Harness, ip: string): ClientFrom {
  const headers = { Accept: "application/json", "X-Forwarded-For": ip };
  const jar = new CookieJar();
  return {
    native: new FrontendApi(new Configuration({ basePath: h.publicUrl, fetchApi: fetch, headers })),
    browser: new FrontendApi(
      new Configuration({ basePath: h.publicUrl, fetchApi: jar.wrap(fetch), headers }),
    ),
  };
}

interface NodeLike {
  group: string;
  attributes: unknown;
}

/** The challenge a flow carries (its `captcha_altcha_challenge` node), undefined without one. */
export function challengeOf(flow: { ui: { nodes: NodeLike[] } }): Challenge | undefined {
  const node = flow.ui.nodes.find(
    (n) =>
      n.group === "captcha" &&
      (n.attributes as { name?: string }).name === "captcha_altcha_challenge",
  );
  const value = (node?.attributes as { value?: unknown } | undefined)?.value;
  return typeof value === "string" ? (JSON.parse(value) as Challenge) : undefined;
}

/** Solves a challenge as an app would, with ALTCHA's library: its payload for the submit. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge could not be solved");
  return payloadOf(challenge, solution);
}

export function payloadOf(
  challenge: Challenge,
  solution: { counter: number; derivedKey: string },
): string {
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** The ids of a flow's messages, form and fields together. */
export function messageIdsOf(flow: {
  ui: { messages?: { id: number }[]; nodes: { messages: { id: number }[] }[] };
}): number[] {
  return [
    ...(flow.ui.messages ?? []).map((m) => m.id),
    ...flow.ui.nodes.flatMap((n) => n.messages.map((m) => m.id)),
  ];
}

import type { FastifyReply } from "fastify";
import { redirect, sendJson } from "./respond.ts";

// What a request is answered with, decided by the code that owns the request (a flow's init or
// submit) and written once by the route (writeAnswer). Writing does no I/O of its own: whatever
// the answer carries was gathered before.

export type Answer =
  /** A body, with `cache-control: no-store` as every answer of ours. */
  | { kind: "json"; status: number; body: unknown }
  /** The browser goes to `location` (303 unless said otherwise). */
  | { kind: "redirect"; location: string; status: number }
  /** Transitional: code not yet converted wrote the reply itself. */
  | { kind: "sent" };

export function jsonAnswer(status: number, body: unknown): Answer {
  return { kind: "json", status, body };
}

export function redirectAnswer(location: string, status = 303): Answer {
  return { kind: "redirect", location, status };
}

/** Transitional: what code that wrote the reply itself returns. */
export const alreadySent: Answer = { kind: "sent" };

export function writeAnswer(reply: FastifyReply, answer: Answer): void {
  if (answer.kind === "json") sendJson(reply, answer.status, answer.body);
  else if (answer.kind === "redirect") redirect(reply, answer.location, answer.status);
}

import type { FastifyReply } from "fastify";
import { redirect, sendJson } from "./respond.ts";

// What a request is answered with, decided by the code that owns the request (a flow's init or
// submit) and written once by the route (writeAnswer). Writing does no I/O of its own: whatever
// the answer carries was gathered before.

export type Answer =
  /** A body, with `cache-control: no-store` as every answer of ours. */
  | { kind: "json"; status: number; body: unknown }
  /** The browser goes to `location` (303 unless said otherwise). */
  | { kind: "redirect"; location: string; status: number };

export function jsonAnswer(status: number, body: unknown): Answer {
  return { kind: "json", status, body };
}

export function redirectAnswer(location: string, status = 303): Answer {
  return { kind: "redirect", location, status };
}

export function writeAnswer(reply: FastifyReply, answer: Answer): void {
  if (answer.kind === "json") sendJson(reply, answer.status, answer.body);
  else redirect(reply, answer.location, answer.status);
}

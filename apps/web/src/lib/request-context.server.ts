// The proxy's decision (request-context.ts) from inside a page, server action or route handler.

import { headers } from "next/headers";
import { type RequestContext, requestContextOf } from "./request-context";

export async function currentRequestContext(): Promise<RequestContext> {
  return requestContextOf(await headers());
}

/** The request id, or undefined outside a request (at start, in a background task). */
export async function currentRequestId(): Promise<string | undefined> {
  try {
    return (await currentRequestContext()).requestId;
  } catch {
    return undefined;
  }
}

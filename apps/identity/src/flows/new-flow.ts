import type { FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { maskCsrfToken } from "../http/csrf.ts";
import type { UiNode } from "../ui/nodes.ts";
import type { Flow, FlowKind, FlowType } from "./flow.ts";
import type { FlowPayload } from "./flow-state.ts";

export interface NewFlowOptions {
  kind: FlowKind;
  type: FlowType;
  lifespanMs: number;
  state: string;
  returnTo?: string | undefined;
  nodes: (csrfToken: string) => UiNode[];
  /** The kind's own wire fields (flow-state.ts declares which). */
  fields?: Partial<Omit<FlowPayload, "request_url" | "return_to" | "ui">>;
  identityId?: string;
  sessionId?: string;
}

/**
 * What a new flow takes from the request that makes it: its URL and the browser's CSRF secret.
 * A job makes a flow for the browser of an earlier request with these two alone.
 */
export type FlowRequest = Pick<FastifyRequest, "url" | "csrfSecret">;

export function requestUrl(request: FlowRequest, publicBaseUrl: string): string {
  return new URL(request.url, publicBaseUrl).toString();
}

export function newFlow(deps: Deps, request: FlowRequest, options: NewFlowOptions): Flow {
  const now = deps.now();
  const id = crypto.randomUUID();
  // Every flow carries a token masked from the CSRF secret of the request that created it.
  const csrfToken = maskCsrfToken(request.csrfSecret);
  const base = deps.config.serve.public.base_url;
  return {
    id,
    kind: options.kind,
    type: options.type,
    state: options.state,
    csrf_token: csrfToken,
    identity_id: options.identityId ?? null,
    session_id: options.sessionId ?? null,
    issued_at: now,
    expires_at: new Date(now.getTime() + options.lifespanMs),
    updated_at: now,
    payload: {
      request_url: requestUrl(request, base),
      ...(options.returnTo ? { return_to: options.returnTo } : {}),
      ui: {
        action: new URL(`self-service/${options.kind}?flow=${id}`, base).toString(),
        method: "POST",
        nodes: options.nodes(csrfToken),
      },
      ...options.fields,
    },
    internal: {},
  };
}

export function uiUrl(deps: Deps, kind: FlowKind, flowId: string): string {
  const url = new URL(deps.config.selfservice.flows[kind].ui_url);
  url.searchParams.set("flow", flowId);
  return url.toString();
}

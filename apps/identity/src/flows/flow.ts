import { captchaNodes, withoutChallenge } from "../ui/captcha-nodes.ts";
import type { UiContainer } from "../ui/nodes.ts";
import type { FlowInternal, FlowPayload } from "./flow-state.ts";

// A self-service flow as stored. `payload` holds the kind-specific wire fields (refresh,
// requested_aal, return_to, ui, ...); `internal` holds what the client never sees (tries,
// the address a code went to, a pending challenge). flow-state.ts declares both per kind.

export type FlowKind = "login" | "registration" | "settings" | "recovery" | "verification";
export type FlowType = "browser" | "api";

export interface Flow {
  id: string;
  kind: FlowKind;
  type: FlowType;
  state: string;
  csrf_token: string;
  identity_id: string | null;
  session_id: string | null;
  issued_at: Date;
  expires_at: Date;
  updated_at: Date;
  payload: FlowPayload;
  internal: FlowInternal;
}

export function isExpired(flow: Flow, now = new Date()): boolean {
  return flow.expires_at <= now;
}

/** The flow as clients see it: common fields first, kind-specific fields from the payload. */
export function toFlowJson(flow: Flow): Record<string, unknown> {
  const { request_url, return_to, active, ui, transient_payload, ...kindFields } = flow.payload;
  const ui_json: UiContainer = { ...ui };
  // The bot defence's pending challenge, as the nodes that carry it (flows/bot-defence.ts).
  const { challenge } = flow.internal;
  if (challenge) ui_json.nodes = [...withoutChallenge(ui.nodes), ...captchaNodes(challenge)];
  if (!ui_json.messages?.length) delete ui_json.messages;
  return {
    id: flow.id,
    type: flow.type,
    expires_at: flow.expires_at.toISOString(),
    issued_at: flow.issued_at.toISOString(),
    request_url,
    ...(return_to ? { return_to } : {}),
    ...(active ? { active } : {}),
    ui: ui_json,
    state: flow.state,
    ...kindFields,
    ...(transient_payload && Object.keys(transient_payload).length ? { transient_payload } : {}),
    ...(flow.kind === "login"
      ? { created_at: flow.issued_at.toISOString(), updated_at: flow.updated_at.toISOString() }
      : {}),
  };
}

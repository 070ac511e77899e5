// Flow and node samples in the shapes of docs/protocol.md#flow-objects and #ui-nodes, for tests.

import { MessageId } from "@moos/contract";
import type { UiNode } from "@ory/client-fetch";

export function inputNode(
  name: string,
  options: {
    group?: UiNode["group"];
    type?: string;
    value?: unknown;
    required?: boolean;
    messages?: UiNode["messages"];
    label?: { id: number; text: string; type: "info" };
  } = {},
): UiNode {
  return {
    type: "input",
    group: options.group ?? "default",
    attributes: {
      name,
      type: (options.type ?? "text") as never,
      ...(options.value === undefined ? {} : { value: options.value }),
      required: options.required,
      disabled: false,
      node_type: "input",
    },
    messages: options.messages ?? [],
    meta: options.label ? { label: options.label } : {},
  } as UiNode;
}

export function scriptNode(group: UiNode["group"]): UiNode {
  return {
    type: "script",
    group,
    attributes: {
      src: "/.well-known/ory/webauthn.js",
      async: true,
      referrerpolicy: "no-referrer",
      crossorigin: "anonymous",
      integrity: "sha512-x",
      type: "text/javascript",
      id: "webauthn_script",
      nonce: "n",
      node_type: "script",
    },
    messages: [],
    meta: {},
  } as UiNode;
}

export const csrfNode = inputNode("csrf_token", {
  type: "hidden",
  value: "token-123",
  required: true,
});

export function loginFlowJson(
  id = "11111111-1111-4111-8111-111111111111",
): Record<string, unknown> {
  return {
    id,
    type: "browser",
    expires_at: "2026-11-22T11:00:00.000000000Z",
    issued_at: "2026-11-22T10:00:00.000000000Z",
    request_url: "http://localhost:3000/self-service/login/browser",
    organization_id: null,
    refresh: false,
    requested_aal: "aal1",
    state: "choose_method",
    ui: {
      action: `http://localhost:3000/self-service/login?flow=${id}`,
      method: "POST",
      nodes: [csrfNode, inputNode("identifier", { value: "", required: true })],
      messages: [
        {
          id: MessageId.invalidCredentials,
          text: "The provided credentials are invalid.",
          type: "error",
        },
      ],
    },
  };
}

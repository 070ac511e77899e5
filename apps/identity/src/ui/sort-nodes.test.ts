import { describe, expect, it } from "vitest";
import { csrfNode, inputNode, submitNode, type UiNode } from "./nodes.ts";
import { nodeId, registrationOrder, settingsOrder, sortNodes, upsertNode } from "./sort-nodes.ts";
import { uiText } from "./text.ts";

// The expected orders are those of Kratos's own snapshots (ory/kratos @ b86338da:
// selfservice/strategy/profile/.snapshots/TestTwoStepRegistration-...-select_credentials.json,
// selfservice/strategy/webauthn/.snapshots/TestCompleteSettings-case=a_device_is_shown_...json,
// selfservice/strategy/passkey/.snapshots/TestCompleteSettings-case=a_device_is_shown_...json).

const keys = (nodes: UiNode[]): string[] => nodes.map((n) => `${n.group}:${nodeId(n)}`);
const script: UiNode = {
  type: "script",
  group: "webauthn",
  attributes: {
    src: "http://x/.well-known/ory/webauthn.js",
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
};
const hidden = (group: UiNode["group"], name: string, value?: string): UiNode =>
  inputNode({ group, name, type: "hidden", value });
const schemaKeys = ["traits.email", "traits.name.first", "traits.name.last"];

describe("sortNodes", () => {
  it("orders the credential choice of a two-step registration as Kratos", () => {
    const nodes = [
      csrfNode("t"),
      hidden("default", "traits.email", "a@b.c"),
      hidden("default", "traits.name.first", "Mia"),
      hidden("default", "traits.name.last", "Moos"),
      submitNode("profile", "screen", "previous", uiText(1040008)),
      inputNode({ group: "password", name: "password", type: "password" }),
      submitNode("password", "method", "password", uiText(1040001)),
      submitNode("oidc", "provider", "google", uiText(1040002)),
      submitNode("code", "method", "code", uiText(1040006)),
      hidden("passkey", "passkey_create_data", '{"credentialOptions":{}}'),
      inputNode({ group: "passkey", name: "passkey_register_trigger", type: "button" }),
      script,
      hidden("passkey", "passkey_register"),
    ];
    expect(keys(sortNodes(nodes, registrationOrder(schemaKeys)))).toEqual([
      "oidc:provider",
      "default:csrf_token",
      "default:traits.email",
      "default:traits.name.first",
      "default:traits.name.last",
      "webauthn:webauthn_script",
      "passkey:passkey_register_trigger",
      "passkey:passkey_register",
      "passkey:passkey_create_data",
      "code:method",
      "password:password",
      "password:method",
      "profile:screen",
    ]);
  });

  it("puts the password after the identifier in a one-form registration", () => {
    const nodes = [
      csrfNode("t"),
      inputNode({ group: "default", name: "traits.email", type: "email" }),
      inputNode({ group: "default", name: "traits.name.first", type: "text" }),
      inputNode({ group: "default", name: "traits.name.last", type: "text" }),
      inputNode({ group: "password", name: "password", type: "password" }),
      submitNode("password", "method", "password", uiText(1040001)),
    ];
    expect(keys(sortNodes(nodes, registrationOrder(schemaKeys)))).toEqual([
      "default:csrf_token",
      "default:traits.email",
      "password:password",
      "default:traits.name.first",
      "default:traits.name.last",
      "password:method",
    ]);
  });

  it("orders security keys and passkeys in settings as Kratos", () => {
    const nodes = [
      csrfNode("t"),
      inputNode({ group: "passkey", name: "passkey_remove", type: "submit", value: "666f6f" }),
      inputNode({ group: "passkey", name: "passkey_remove", type: "submit", value: "626172" }),
      script,
      inputNode({ group: "passkey", name: "passkey_register_trigger", type: "button", value: "" }),
      hidden("passkey", "passkey_settings_register"),
      hidden("passkey", "passkey_create_data", '{"publicKey":{}}'),
      inputNode({ group: "webauthn", name: "webauthn_remove", type: "submit", value: "666f6f" }),
      inputNode({ group: "webauthn", name: "webauthn_remove", type: "submit", value: "626172" }),
      inputNode({ group: "webauthn", name: "webauthn_register_displayname", type: "text" }),
      inputNode({
        group: "webauthn",
        name: "webauthn_register_trigger",
        type: "button",
        value: '{"publicKey":{}}',
      }),
      hidden("webauthn", "webauthn_register", ""),
    ];
    const sorted = sortNodes(nodes, settingsOrder(schemaKeys));
    expect(keys(sorted)).toEqual([
      "default:csrf_token",
      "webauthn:webauthn_remove",
      "webauthn:webauthn_remove",
      "webauthn:webauthn_register_displayname",
      "webauthn:webauthn_register",
      "webauthn:webauthn_register_trigger",
      "webauthn:webauthn_script",
      "passkey:passkey_remove",
      "passkey:passkey_remove",
      "passkey:passkey_register_trigger",
      "passkey:passkey_settings_register",
      "passkey:passkey_create_data",
    ]);
    // Remove buttons by their value (the key id in hex), as Kratos ties them.
    expect(sorted[1]?.attributes).toMatchObject({ value: "626172" });
    expect(sorted[7]?.attributes).toMatchObject({ value: "626172" });
  });
});

describe("upsertNode", () => {
  it("keeps one node per id, in the place of the first", () => {
    const nodes = [csrfNode("t"), script, hidden("passkey", "passkey_register")];
    const second = structuredClone(script);
    if (second.attributes.node_type === "script") second.attributes.nonce = "second";
    upsertNode(nodes, second);
    expect(keys(nodes)).toEqual([
      "default:csrf_token",
      "webauthn:webauthn_script",
      "passkey:passkey_register",
    ]);
    expect(nodes[1]?.attributes).toMatchObject({ nonce: "second" });
  });
});

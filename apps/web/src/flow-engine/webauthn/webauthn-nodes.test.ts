import type { UiNode, UiText } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import { csrfNode, inputNode, scriptNode } from "../testing/fixtures";
import {
  offersPasskeyAutofill,
  removableKeys,
  WEBAUTHN_SCRIPT_PATH,
  webAuthnScript,
  webAuthnTrigger,
} from "./webauthn-nodes";

const format = (text: UiText): string => `#${text.id}`;

function withAttributes(node: UiNode, attributes: object): UiNode {
  return { ...node, attributes: { ...node.attributes, ...attributes } } as UiNode;
}

// Kratos's first-factor passkey nodes (selfservice/strategy/passkey snapshots).
const passkeyLogin = [
  csrfNode,
  inputNode("identifier", { value: "" }),
  inputNode("passkey_challenge", { group: "passkey", type: "hidden", value: '{"publicKey":{}}' }),
  withAttributes(scriptNode("webauthn"), {
    src: "http://localhost:3000/.well-known/ory/webauthn.js",
  }),
  withAttributes(inputNode("passkey_login", { group: "passkey", type: "hidden" }), {
    onloadTrigger: "oryPasskeyLoginAutocompleteInit",
  }),
  withAttributes(
    inputNode("passkey_login_trigger", {
      group: "passkey",
      type: "button",
      value: "",
      label: { id: 1010021, text: "Sign in with passkey", type: "info" },
    }),
    { onclickTrigger: "oryPasskeyLogin" },
  ),
];

describe("webauthn nodes", () => {
  it("loads webauthn.js through this app's proxy, with its integrity", () => {
    expect(webAuthnScript(passkeyLogin, "http://localhost:3000")).toEqual({
      src: "/.well-known/ory/webauthn.js",
      integrity: "sha512-x",
      crossOrigin: "anonymous",
    });
  });

  it("finds no script where the flow offers no keys", () => {
    expect(webAuthnScript([csrfNode], "http://localhost:3000")).toBeUndefined();
    expect(WEBAUTHN_SCRIPT_PATH).toBe("/.well-known/ory/webauthn.js");
  });

  it("reads the passkey button and the function it triggers", () => {
    expect(webAuthnTrigger(passkeyLogin, "passkey_login_trigger", format)).toEqual({
      name: "passkey_login_trigger",
      value: "",
      trigger: "oryPasskeyLogin",
      label: "#1010021",
    });
    expect(offersPasskeyAutofill(passkeyLogin)).toBe(true);
    expect(offersPasskeyAutofill([csrfNode])).toBe(false);
  });

  it("understands the deprecated onclick of older Kratos", () => {
    const node = withAttributes(
      inputNode("webauthn_login_trigger", { group: "webauthn", type: "button", value: "{}" }),
      { onclick: "window.__oryWebAuthnLogin({})" },
    );
    expect(webAuthnTrigger([node], "webauthn_login_trigger", format)?.trigger).toBe(
      "oryWebAuthnLogin",
    );
  });

  it("lists removable keys with the names their owner gave them", () => {
    const remove = inputNode("passkey_remove", {
      group: "passkey",
      type: "submit",
      value: "626172",
    });
    const labelled = {
      ...remove,
      meta: {
        label: {
          id: 1050020,
          text: 'Remove passkey "Laptop"',
          type: "info",
          context: { display_name: "Laptop", added_at: "2026-11-22T10:00:00Z", added_at_unix: 1 },
        },
      },
    } as UiNode;
    expect(removableKeys([csrfNode, labelled], "passkey_remove", format, "Ohne Namen")).toEqual([
      { name: "passkey_remove", id: "626172", label: "#1050020", displayName: "Laptop" },
    ]);
    expect(removableKeys([labelled], "webauthn_remove", format, "Ohne Namen")).toEqual([]);
  });

  it("shows a key without a name in the customer's language, in its list and its button", () => {
    const unnamed = {
      ...inputNode("passkey_remove", { group: "passkey", type: "submit", value: "6f6b" }),
      meta: {
        label: {
          id: 1050020,
          text: 'Remove passkey "unnamed"',
          type: "info",
          context: { display_name: "unnamed", added_at: "2026-11-22T10:00:00Z", added_at_unix: 1 },
        },
      },
    } as UiNode;
    const named = (text: UiText): string =>
      `#${JSON.stringify((text.context as { display_name?: string }).display_name)}`;
    expect(removableKeys([unnamed], "passkey_remove", named, "Ohne Namen")).toEqual([
      { name: "passkey_remove", id: "6f6b", label: '#"Ohne Namen"', displayName: "Ohne Namen" },
    ]);
  });
});

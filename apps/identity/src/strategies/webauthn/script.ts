import { createHash } from "node:crypto";
import type { Deps } from "../../deps/deps.ts";
import { randomAlphanumeric } from "../../session/tokens.ts";
import type { UiNode } from "../../ui/nodes.ts";
import { webauthnScriptSource } from "./script-source.ts";

export const webauthnScriptPath = ".well-known/ory/webauthn.js";

// The script node pins the script by its SHA-512 (subresource integrity), so a proxy or CDN in
// between cannot swap it for one that reads the WebAuthn responses.
const integrity = `sha512-${createHash("sha512").update(webauthnScriptSource).digest("base64")}`;

export function webauthnScriptNode(deps: Deps): UiNode {
  return {
    type: "script",
    group: "webauthn",
    attributes: {
      src: new URL(webauthnScriptPath, deps.config.serve.public.base_url).toString(),
      async: true,
      referrerpolicy: "no-referrer",
      crossorigin: "anonymous",
      integrity,
      type: "text/javascript",
      id: "webauthn_script",
      nonce: randomAlphanumeric(16),
      node_type: "script",
    },
    messages: [],
    meta: {},
  };
}

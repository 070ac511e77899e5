import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { webauthnScriptSource } from "./script-source.ts";

// webauthn.js as a page runs it: the window functions the nodes' triggers name, and the
// `oryWebAuthnInitialized` event Kratos's script dispatches, which Ory Elements waits for when it
// rendered the passkey button before the script loaded (else it reports the script as failed).

describe("webauthn.js", () => {
  it("defines Kratos's trigger functions and announces itself with oryWebAuthnInitialized", () => {
    const window = new EventTarget() as EventTarget & Record<string, unknown>;
    const announced: string[] = [];
    window.addEventListener("oryWebAuthnInitialized", (event) => announced.push(event.type));
    runInNewContext(webauthnScriptSource, { window, CustomEvent });
    expect(announced).toEqual(["oryWebAuthnInitialized"]);
    for (const name of [
      "oryWebAuthnRegistration",
      "oryWebAuthnLogin",
      "oryPasskeyLogin",
      "oryPasskeyLoginAutocompleteInit",
      "oryPasskeyRegistration",
      "oryPasskeySettingsRegistration",
    ]) {
      expect(typeof window[name], name).toBe("function");
      expect(typeof window[`__${name}`], name).toBe("function");
    }
  });
});

// Loads the identity service's webauthn.js once per page (docs/protocol.md#other-endpoints). It defines
// window.oryPasskeyLogin, window.oryWebAuthnRegistration, ... which the nodes name as triggers.

import type { WebAuthnScript } from "./webauthn-nodes";

const SCRIPT_ID = "webauthn_script";
let loading: Promise<void> | undefined;

export type WebAuthnFunction = (options?: unknown) => unknown;

export function webAuthnFunction(name: string): WebAuthnFunction | undefined {
  const candidate = (window as unknown as Record<string, unknown>)[name];
  return typeof candidate === "function" ? (candidate as WebAuthnFunction) : undefined;
}

export function loadWebAuthnScript(script: WebAuthnScript): Promise<void> {
  if (webAuthnFunction("oryPasskeyLogin")) return Promise.resolve();
  if (loading) return loading;
  loading = new Promise<void>((resolve, reject) => {
    const element = document.createElement("script");
    element.id = SCRIPT_ID;
    element.src = script.src;
    element.async = true;
    element.referrerPolicy = "no-referrer";
    // Subresource integrity as the identity service states it: the script runs with access
    // to the page's forms, so a changed copy must not.
    if (script.integrity) element.integrity = script.integrity;
    if (script.crossOrigin) element.crossOrigin = script.crossOrigin;
    element.addEventListener("load", () => resolve());
    element.addEventListener("error", () => {
      loading = undefined;
      element.remove();
      reject(new Error(`loading ${script.src} failed`));
    });
    document.head.append(element);
  });
  return loading;
}

import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import common from "../../../messages/de/common.json";
import { initialFormState } from "../form/form-state";
import { WebAuthnForm } from "./webauthn-form";

const globals = window as unknown as Record<string, unknown>;

function renderPasskeyButton(): void {
  render(
    <NextIntlClientProvider locale="de" messages={{ common }}>
      <WebAuthnForm
        action={async () => initialFormState}
        hidden={[]}
        resultName="passkey_login"
        trigger={{
          name: "passkey_login_trigger",
          value: "",
          trigger: "oryPasskeyLogin",
          label: "Mit Passkey anmelden",
        }}
        script={{ src: "/.well-known/ory/webauthn.js" }}
        label="Mit Passkey anmelden"
        noScriptText="-"
        unavailableText="-"
      />
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  delete globals.PublicKeyCredential;
  delete globals.oryPasskeyLogin;
});

describe("WebAuthnForm", () => {
  it("is busy while the passkey dialog is open, and free again when it is cancelled", async () => {
    let cancel: (reason: Error) => void = () => undefined;
    const ceremony = vi.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          cancel = reject;
        }),
    );
    globals.PublicKeyCredential = function PublicKeyCredential(): void {};
    globals.oryPasskeyLogin = ceremony;
    renderPasskeyButton();
    const button = await screen.findByRole("button", { name: "Mit Passkey anmelden" });
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBeNull());

    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("true"));
    fireEvent.click(button);
    expect(ceremony).toHaveBeenCalledTimes(1);

    await act(async () => cancel(new Error("NotAllowedError")));
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBeNull());
  });
});

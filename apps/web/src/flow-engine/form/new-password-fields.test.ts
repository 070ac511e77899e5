import type { UiNode } from "@ory/client-fetch";
import { describe, expect, it } from "vitest";
import type { FormatText } from "../nodes";
import { newPasswordFields } from "./new-password-fields";

const labels = { password: "Neues Passwort", repeatPassword: "Passwort wiederholen" };
const format: FormatText = (text) => `#${text.id}`;

function passwordNode(messages: UiNode["messages"]): UiNode {
  return {
    type: "input",
    group: "password",
    attributes: {
      node_type: "input",
      name: "password",
      type: "password",
      required: true,
      autocomplete: "current-password",
      disabled: false,
    },
    messages,
    meta: {},
  };
}

describe("newPasswordFields", () => {
  it("asks for a new password twice, for the password manager to fill both", () => {
    const [password, repeat] = newPasswordFields([], format, labels);
    expect(password).toMatchObject({
      name: "password",
      label: "Neues Passwort",
      autoComplete: "new-password",
      rule: "newPassword",
    });
    expect(repeat).toMatchObject({
      name: "repeatPassword",
      label: "Passwort wiederholen",
      autoComplete: "new-password",
      rule: "repeatPassword",
    });
  });

  it("shows the server's message on the password and keeps our label and hint", () => {
    const node = passwordNode([{ id: 4000034, text: "found in breaches", type: "error" }]);
    const [password, repeat] = newPasswordFields([node], format, labels);
    expect(password).toMatchObject({
      label: "Neues Passwort",
      autoComplete: "new-password",
      serverError: "#4000034",
    });
    expect(repeat?.serverError).toBeUndefined();
  });
});

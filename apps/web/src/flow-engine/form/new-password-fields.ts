// The new password and its repetition, as Register, Update password and User migration ask for
// them. `new-password` lets the browser's password manager offer a strong one; the password
// takes the server's error from the flow's `password` node, the repetition is ours alone.

import type { UiNode } from "@ory/client-fetch";
import { type FormatText, fieldFromNodes } from "../nodes";
import type { FieldSpec } from "./field-spec";

export function newPasswordFields(
  nodes: readonly UiNode[],
  format: FormatText,
  labels: { password: string; repeatPassword: string },
): FieldSpec[] {
  return [
    fieldFromNodes(nodes, format, {
      name: "password",
      label: labels.password,
      type: "password",
      autoComplete: "new-password",
      rule: "newPassword",
      required: true,
    }),
    {
      name: "repeatPassword",
      label: labels.repeatPassword,
      type: "password",
      autoComplete: "new-password",
      rule: "repeatPassword",
      required: true,
    },
  ];
}

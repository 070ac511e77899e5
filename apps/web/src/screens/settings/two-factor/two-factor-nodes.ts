// The two-factor part of a settings flow (docs/protocol.md#settings-form; Kratos's totp, lookup_secret,
// webauthn and passkey settings nodes), read into what the two-factor screen shows, and the
// submit body for each of its buttons.

import type {
  UiNode,
  UiNodeImageAttributes,
  UiNodeTextAttributes,
  UiText,
  UpdateSettingsFlowBody,
} from "@ory/client-fetch";
import { filterNodesByGroups } from "../../../flow-engine/filter-nodes";
import { type FormatText, findInput, nodeLabel } from "../../../flow-engine/nodes";

export type TotpState =
  /** An authenticator app is set up: it can be removed (`totp_unlink`). */
  | { readonly kind: "enabled"; readonly unlinkLabel: string }
  /** Not set up: a QR code and its secret, and the field for the app's first code. */
  | {
      readonly kind: "setup";
      readonly qr: { readonly src: string; readonly width: number; readonly height: number };
      readonly qrLabel: string;
      readonly secret: string;
      readonly codeNode: UiNode;
    };

function nodeOfType<T>(nodes: readonly UiNode[], id: string, nodeType: string): T | undefined {
  const node = nodes.find((candidate) => {
    const attributes = candidate.attributes as { id?: unknown; node_type?: unknown };
    return attributes.id === id && attributes.node_type === nodeType;
  });
  return node ? (node.attributes as T) : undefined;
}

function labelOf(nodes: readonly UiNode[], name: string, format: FormatText): string | undefined {
  const node = findInput(nodes, name);
  const label = node ? nodeLabel(node) : undefined;
  return label ? format(label) : undefined;
}

export function totpState(nodes: readonly UiNode[], format: FormatText): TotpState | undefined {
  // The totp group's inputs and its image and text pass the filter as SPEC.md §5 says.
  const totp = filterNodesByGroups(nodes, { groups: ["totp"], withoutDefaultGroup: true });
  const unlinkLabel = labelOf(totp, "totp_unlink", format);
  if (unlinkLabel) return { kind: "enabled", unlinkLabel };
  const codeNode = findInput(totp, "totp_code");
  const image = nodeOfType<UiNodeImageAttributes>(totp, "totp_qr", "img");
  const secretText = nodeOfType<UiNodeTextAttributes>(totp, "totp_secret_key", "text")?.text;
  if (!codeNode || !image) return undefined;
  const qrNode = totp.find((node) => (node.attributes as { id?: unknown }).id === "totp_qr");
  const qrLabel = qrNode?.meta.label ? format(qrNode.meta.label) : "";
  const secret = secretText ? (contextString(secretText, "secret") ?? secretText.text) : "";
  return {
    kind: "setup",
    qr: { src: image.src, width: image.width, height: image.height },
    qrLabel,
    secret,
    codeNode,
  };
}

function contextString(text: UiText, key: string): string | undefined {
  const value = (text.context as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : undefined;
}

const MASKED = /^\*+$/;

export interface BackupCode {
  /** Undefined for a used code or one the identity service no longer shows (masked). */
  readonly code: string | undefined;
  /** An unused code the identity service keeps only as a hash: to create new ones to see. */
  readonly masked?: boolean;
  /** 1050014 "used on …", formatted. */
  readonly usedText: string | undefined;
}

export interface BackupCodeAction {
  readonly name:
    | "lookup_secret_reveal"
    | "lookup_secret_regenerate"
    | "lookup_secret_confirm"
    | "lookup_secret_disable";
  readonly label: string;
}

export interface BackupCodesState {
  /** Shown after "reveal" or "create new codes". */
  readonly codes: readonly BackupCode[] | undefined;
  readonly actions: readonly BackupCodeAction[];
}

const BACKUP_ACTIONS: readonly BackupCodeAction["name"][] = [
  "lookup_secret_confirm",
  "lookup_secret_reveal",
  "lookup_secret_regenerate",
  "lookup_secret_disable",
];

export function backupCodesState(
  nodes: readonly UiNode[],
  format: FormatText,
): BackupCodesState | undefined {
  const group = filterNodesByGroups(nodes, {
    groups: ["lookup_secret"],
    withoutDefaultGroup: true,
  });
  const actions = BACKUP_ACTIONS.flatMap((name) => {
    const label = labelOf(group, name, format);
    return label ? [{ name, label }] : [];
  });
  const list = nodeOfType<UiNodeTextAttributes>(group, "lookup_secret_codes", "text")?.text;
  const secrets = (list?.context as { secrets?: unknown } | undefined)?.secrets;
  const codes = Array.isArray(secrets)
    ? secrets.flatMap((item): BackupCode[] => {
        const text = item as UiText;
        if (typeof text?.id !== "number") return [];
        const secret = contextString(text, "secret");
        // Codes stored only as hashes come back masked ("********") when shown again.
        const code = secret && !MASKED.test(secret) ? secret : undefined;
        return [
          {
            code,
            usedText: secret === undefined ? format(text) : undefined,
            masked: secret !== undefined && code === undefined,
          },
        ];
      })
    : undefined;
  if (actions.length === 0 && codes === undefined) return undefined;
  return { codes, actions };
}

/** The codes as a text file to keep: a header line, then one unused code per line. */
export function backupCodesFile(codes: readonly BackupCode[], header: string): string {
  const lines = codes.flatMap((entry) => (entry.code ? [entry.code] : []));
  return `${header}\n\n${lines.join("\n")}\n`;
}

export type TwoFactorMethod = "totp" | "lookup_secret" | "webauthn" | "passkey";

/**
 * The settings submit for a two-factor form: `method` plus only the fields that method knows
 * (a button's name=value for the lookup_secret and remove buttons). Undefined for anything else.
 */
export function twoFactorSettingsBody(
  values: Readonly<Record<string, string>>,
  locale: string,
): UpdateSettingsFlowBody | undefined {
  const common = { csrf_token: values.csrf_token, transient_payload: { locale } };
  switch (values.method) {
    case "totp":
      return values.totp_unlink === "true"
        ? { method: "totp", totp_unlink: true, ...common }
        : { method: "totp", totp_code: (values.totp_code ?? "").trim(), ...common };
    case "lookup_secret": {
      const action = BACKUP_ACTIONS.find((name) => values[name] === "true");
      return action ? { method: "lookup_secret", [action]: true, ...common } : undefined;
    }
    case "webauthn":
      return values.webauthn_remove
        ? { method: "webauthn", webauthn_remove: values.webauthn_remove, ...common }
        : {
            method: "webauthn",
            webauthn_register: values.webauthn_register ?? "",
            webauthn_register_displayname: (values.webauthn_register_displayname ?? "").trim(),
            ...common,
          };
    case "passkey":
      return values.passkey_remove
        ? { method: "passkey", passkey_remove: values.passkey_remove, ...common }
        : {
            method: "passkey",
            passkey_settings_register: values.passkey_settings_register ?? "",
            ...common,
          };
    default:
      return undefined;
  }
}

/** Whether the flow has anything of the two-factor screen (a method is enabled). */
export function hasTwoFactorNodes(nodes: readonly UiNode[]): boolean {
  return nodes.some((node) =>
    ["totp", "lookup_secret", "webauthn", "passkey"].includes(node.group),
  );
}

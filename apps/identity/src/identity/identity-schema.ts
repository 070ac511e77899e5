import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageId } from "@moos/contract";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { type UiText, uiText } from "../ui/text.ts";

// Identity schemas are JSON Schema draft-07 files with Kratos's `ory.sh/kratos` extension
// (docs/protocol.md#identity-schema). This module reads the extension and turns validation errors into Kratos
// message ids placed on the trait's node.

interface KratosExtension {
  credentials?: {
    password?: { identifier?: boolean };
    code?: { identifier?: boolean };
    webauthn?: { identifier?: boolean };
    passkey?: { display_name?: boolean };
  };
  verification?: { via?: string };
  recovery?: { via?: string };
}

export interface TraitField {
  /** Node name, e.g. `traits.name.first`. */
  name: string;
  /** JSON path below traits, e.g. ["name", "first"]. */
  path: string[];
  type: "text" | "email" | "number" | "checkbox" | "tel" | "url" | "date" | "datetime-local";
  title?: string;
  required: boolean;
  pattern?: string;
  autocomplete?: string;
  extension: KratosExtension;
}

export interface TraitError {
  /** Node name the message belongs to, or undefined for the form as a whole. */
  field?: string;
  message: UiText;
}

export interface IdentitySchema {
  id: string;
  raw: Record<string, unknown>;
  fields: TraitField[];
  passwordIdentifierFields: TraitField[];
  verificationFields: TraitField[];
  recoveryFields: TraitField[];
  /**
   * The traits a new passkey is named after (`credentials.passkey.display_name`, or
   * `credentials.webauthn.identifier`), by name as Kratos lists them. Without one, Kratos
   * offers no passkey sign-up.
   */
  passkeyDisplayNameFields: TraitField[];
  /** Validates and normalises traits (defaults applied, form strings cast); throws nothing. */
  validate(traits: unknown): { traits: Record<string, unknown>; errors: TraitError[] };
}

interface JsonSchemaNode {
  type?: string;
  format?: string;
  title?: string;
  pattern?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  "ory.sh/kratos"?: KratosExtension;
}

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: true });
addFormats.default(ajv);

export function loadIdentitySchema(id: string, url: string): IdentitySchema {
  const raw = JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as Record<string, unknown>;
  const traitsSchema = (raw.properties as Record<string, JsonSchemaNode> | undefined)?.traits;
  if (!traitsSchema) throw new Error(`identity schema ${id} has no properties.traits`);
  const validateTraits = ajv.compile(traitsSchema);
  const fields = collectFields(traitsSchema, [], true);
  return {
    id,
    raw,
    fields,
    passwordIdentifierFields: fields.filter((f) => f.extension.credentials?.password?.identifier),
    verificationFields: fields.filter((f) => f.extension.verification?.via === "email"),
    recoveryFields: fields.filter((f) => f.extension.recovery?.via === "email"),
    passkeyDisplayNameFields: fields
      .filter(
        (f) =>
          f.extension.credentials?.passkey?.display_name ||
          f.extension.credentials?.webauthn?.identifier,
      )
      .sort((a, b) => a.name.localeCompare(b.name)),
    validate: (traits) => validate(validateTraits, traits),
  };
}

function collectFields(
  node: JsonSchemaNode,
  path: string[],
  parentRequired: boolean,
): TraitField[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const childPath = [...path, key];
    const required = parentRequired && (node.required ?? []).includes(key);
    if (child.type === "object") return collectFields(child, childPath, required);
    return [toField(child, childPath, required)];
  });
}

function toField(node: JsonSchemaNode, path: string[], required: boolean): TraitField {
  const byFormat: Record<string, Pick<TraitField, "type" | "autocomplete">> = {
    email: { type: "email", autocomplete: "email" },
    tel: { type: "tel", autocomplete: "tel" },
    "date-time": { type: "datetime-local" },
    date: { type: "date" },
    uri: { type: "url", autocomplete: "url" },
  };
  const byType: Record<string, TraitField["type"]> = {
    number: "number",
    integer: "number",
    boolean: "checkbox",
  };
  const shape = (node.format && byFormat[node.format]) || {
    type: byType[node.type ?? ""] ?? "text",
  };
  return {
    name: `traits.${path.join(".")}`,
    path,
    ...shape,
    ...(node.title ? { title: node.title } : {}),
    required,
    ...(node.pattern ? { pattern: node.pattern } : {}),
    extension: node["ory.sh/kratos"] ?? {},
  };
}

function validate(
  check: ValidateFunction,
  input: unknown,
): { traits: Record<string, unknown>; errors: TraitError[] } {
  const traits =
    input && typeof input === "object" && !Array.isArray(input)
      ? (structuredClone(input) as Record<string, unknown>)
      : {};
  if (check(traits)) return { traits, errors: [] };
  const errors = (check.errors ?? []).map(toTraitError);
  const seen = new Set<string>();
  return {
    traits,
    errors: errors.filter((e) => {
      const key = `${e.field}|${e.message.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  };
}

function toTraitError(error: ErrorObject): TraitError {
  const pointer = error.instancePath.split("/").filter(Boolean);
  const params = error.params as Record<string, unknown>;
  const at = (path: string[]): string | undefined =>
    path.length ? `traits.${path.join(".")}` : undefined;
  const value = typeof error.data === "string" ? error.data : undefined;
  switch (error.keyword) {
    case "required": {
      const property = String(params.missingProperty);
      return {
        field: at([...pointer, property]),
        message: uiText(MessageId.missingProperty, { property }),
      };
    }
    case "minLength": {
      const context = { min_length: params.limit, actual_length: [...(value ?? "")].length };
      const text = `length must be >= ${context.min_length}, but got ${context.actual_length}`;
      return { field: at(pointer), message: uiText(MessageId.tooShort, context, text) };
    }
    case "maxLength": {
      const context = { max_length: params.limit, actual_length: [...(value ?? "")].length };
      const text = `length must be <= ${context.max_length}, but got ${context.actual_length}`;
      return { field: at(pointer), message: uiText(MessageId.tooLong, context, text) };
    }
    case "pattern":
      return {
        field: at(pointer),
        message: uiText(MessageId.patternMismatch, { pattern: params.pattern }),
      };
    case "format":
      return params.format === "email"
        ? { field: at(pointer), message: uiText(MessageId.invalidEmail, { value: value ?? "" }) }
        : {
            field: at(pointer),
            message: uiText(MessageId.errorWithReason, {
              reason: `does not match format "${String(params.format)}"`,
            }),
          };
    case "type": {
      const allowed = String(params.type).split(",");
      const context = {
        allowed_types: allowed,
        actual_type: describeType(error.data),
        allowed_types_list: allowed.join(", "),
      };
      return {
        field: at(pointer),
        message: uiText(
          MessageId.wrongType,
          context,
          `expected ${context.allowed_types_list}, but got ${context.actual_type}`,
        ),
      };
    }
    default:
      return {
        field: at(pointer),
        message: uiText(MessageId.errorWithReason, { reason: error.message ?? "is invalid" }),
      };
  }
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

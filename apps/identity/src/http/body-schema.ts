import { Ajv, type ValidateFunction } from "ajv";
import type { Body } from "./body.ts";
import { errors } from "./errors.ts";

// A submit's body, parsed once at the edge into a typed value (docs/protocol.md#submit-bodies).
// Each method declares its body as Kratos's OpenAPI document does (updateLoginFlowWithPasswordMethod,
// ...), field by field, in one of three kinds:
// - "string": text, or absent (`null` counts as absent); anything else is refused with 400
//   `The field "<name>" must be a string.`, as Kratos's decoder refuses a wrongly typed field;
// - "flag": Kratos's booleans, which forms send as the text "true": true or "true" is set,
//   anything else is not;
// - "value": kept as sent (traits, transient_payload): the code that reads it checks it.
// Fields nobody declared (csrf_token, which the route checks) are not in the typed value.

export type FieldKind = "string" | "flag" | "value";
export type Fields = Readonly<Record<string, FieldKind>>;

type FieldValue<Kind extends FieldKind> = Kind extends "string"
  ? string | undefined
  : Kind extends "flag"
    ? boolean
    : unknown;

/** The typed value of a body with these fields. */
export type BodyOf<F extends Fields> = { readonly [Name in keyof F]: FieldValue<F[Name]> };

export interface BodySchema<T> {
  /** The body in Kratos's OpenAPI document it follows, when it follows one. */
  readonly kratos: string | undefined;
  readonly fields: Fields;
  /** The typed value; throws 400 for a field of the wrong type. */
  parse(body: Body): T;
}

const ajv = new Ajv({ allErrors: false, strict: true });

export function bodySchema<const F extends Fields>(
  fields: F,
  options: { kratos?: string } = {},
): BodySchema<BodyOf<F>> {
  const validate: ValidateFunction = ajv.compile({
    type: "object",
    // Checked in the order declared: the first wrong field is the one the answer names.
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, kind]) => [
        name,
        kind === "string" ? { type: "string" } : {},
      ]),
    ),
  });
  return {
    kratos: options.kratos,
    fields,
    parse(body) {
      const present: Body = {};
      for (const name of Object.keys(fields)) {
        if (body[name] !== undefined && body[name] !== null) present[name] = body[name];
      }
      if (!validate(present)) throw refusal(validate);
      const value: Record<string, unknown> = {};
      for (const [name, kind] of Object.entries(fields)) {
        const raw = present[name];
        value[name] = kind === "flag" ? raw === true || raw === "true" : raw;
      }
      return value as BodyOf<F>;
    },
  };
}

function refusal(validate: ValidateFunction): Error {
  const error = validate.errors?.[0];
  const name = error?.instancePath.split("/")[1] ?? "";
  return errors.badRequest(
    error?.keyword === "type"
      ? `The field "${name}" must be a string.`
      : `The field "${name}" is not valid.`,
  );
}

// A form field as the server describes it to the client form: everything is already
// translated and serializable (props of a client component).

import type { RuleName } from "./field-rules";

export interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly type:
    | "text"
    | "email"
    | "password"
    | "number"
    | "tel"
    | "url"
    | "date"
    | "datetime-local";
  readonly autoComplete?: string;
  readonly inputMode?: "text" | "email" | "numeric" | "tel" | "url";
  readonly defaultValue?: string;
  /** The first message of the field's node, formatted. */
  readonly serverError?: string;
  readonly rule?: RuleName;
  readonly required?: boolean;
  readonly maxLength?: number;
  readonly readOnly?: boolean;
  readonly description?: string;
  /** An email address typed by the customer: offer "Meintest du ...?" for a likely typo. */
  readonly typoHint?: boolean;
}

export interface HiddenField {
  readonly name: string;
  readonly value: string;
}

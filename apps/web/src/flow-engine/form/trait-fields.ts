// How the identity's traits (SPEC.md §3: name.first, name.last, email) show as fields wherever
// the identity service sends them as nodes (settings, social register): our labels, browser
// autocomplete hints and W1's rules.

import type { FieldRules } from "./field-rules";
import type { FieldSpec } from "./field-spec";

/** What the web app checks of the traits before it sends them (registration, profile). */
export const TRAIT_RULES: FieldRules = {
  "traits.name.first": "firstName",
  "traits.name.last": "lastName",
  "traits.email": "email",
};

export type TraitFieldOverrides = Readonly<Record<string, Partial<FieldSpec>>>;

/** `common` translates the `common` namespace. */
export function traitFieldOverrides(common: (key: string) => string): TraitFieldOverrides {
  return {
    "traits.name.first": {
      label: common("firstName"),
      autoComplete: "given-name",
      rule: "firstName",
    },
    "traits.name.last": {
      label: common("lastName"),
      autoComplete: "family-name",
      rule: "lastName",
    },
    "traits.email": {
      label: common("email"),
      type: "email",
      inputMode: "email",
      autoComplete: "email",
      rule: "email",
      typoHint: true,
    },
  };
}

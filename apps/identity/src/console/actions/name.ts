import type { Body } from "../../http/body.ts";
import { applyTraits } from "../../identity/traits.ts";
import { type ChangeSpec, nothingToDo, stringField } from "../change.ts";
import { badField } from "../errors.ts";
import { tellCustomer } from "./tell-customer.ts";

// `POST .../name`: corrects a misspelt name. The identity schema decides what a name may be,
// as it does for the customer's own settings.

export const correctName: ChangeSpec<{ first: string; last: string }> = {
  action: "name.correct",
  parse: (body: Body) => ({
    first: stringField(body, "first", { max: 100 }),
    last: stringField(body, "last", { max: 100 }),
  }),
  async act(change) {
    const { ctx, tx, identity, input, now } = change;
    const before = (identity.traits.name ?? {}) as { first?: unknown; last?: unknown };
    const changed = (["first", "last"] as const).filter((field) => before[field] !== input[field]);
    if (changed.length === 0) throw nothingToDo("The name is already spelt this way.");
    const schema = ctx.deps.schemas.get(identity.schema_id) ?? ctx.deps.defaultSchema;
    const traits = { ...identity.traits, name: { first: input.first, last: input.last } };
    const result = schema.validate(traits);
    const error = result.errors[0];
    if (error) {
      const field = error.field?.endsWith("last") ? "last" : "first";
      throw badField(field, `The name is not valid: ${error.message.text}`);
    }
    applyTraits(identity, result.traits, schema, now);
    await tx.identities.updateIdentity(identity);
    await tellCustomer(change, "support_name_corrected", {
      name: `${input.first} ${input.last}`,
    });
    // The audit names what changed, not the name itself (docs/console.md#audit).
    return { details: { fields: changed } };
  },
};

import { deleteIdentityWithNotices } from "../../admin/delete-identity.ts";
import type { Body } from "../../http/body.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { type ChangeSpec, customerNotFound, stringField } from "../change.ts";
import { badField, consoleError } from "../errors.ts";

// `POST .../delete`: the account goes as if the customer had deleted it (the confirmation email,
// the shop's `identity.deleted` webhook). The staff member types the customer's email address to
// confirm; the audit entry outlives the account, with its id only.

export const deleteAccount: ChangeSpec<{ confirm: string }> = {
  action: "account.delete",
  parse: (body: Body) => ({ confirm: stringField(body, "confirm", { max: 320 }) }),
  async act(change) {
    const { ctx, tx, identity, input } = change;
    const email = normaliseIdentifier(String(identity.traits.email ?? ""));
    if (!email || normaliseIdentifier(input.confirm) !== email)
      throw badField("confirm", "The confirmation must be the customer's email address.");
    const staff = await tx.console.staffRole(identity.id);
    if (staff?.role === "admin" && (await tx.console.holdAdmins()) <= 1)
      throw consoleError("console_last_admin", "The last admin's account cannot be deleted.");
    if (!(await deleteIdentityWithNotices(ctx.deps, tx, identity))) throw customerNotFound();
    return { details: staff ? { staff_role: staff.role } : {} };
  },
};

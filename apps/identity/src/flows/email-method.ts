import type { Deps } from "../deps/deps.ts";
import { type BodyOf, type BodySchema, bodySchema } from "../http/body-schema.ts";

/**
 * What a recovery or verification flow emails (`selfservice.flows.<flow>.use`): a code, or a
 * link while the link method is on. Each flow hands its submits to the strategy of that name.
 */
export function emailMethod(deps: Deps, flow: "recovery" | "verification"): "code" | "link" {
  const useLink =
    deps.config.selfservice.methods.link.enabled &&
    deps.config.selfservice.flows[flow].use === "link";
  return useLink ? "link" : "code";
}

/**
 * The emailed link's `token` (Kratos's link method, docs/protocol.md#recovery-and-verification-forms),
 * read only while the link method is the one in use: such a submit is its own proof and skips
 * the CSRF check, and the check and the submit read it from the same parsed fields, so a body
 * that skips the check is always handled as the link.
 */
const linkFields = bodySchema({ token: "string" });
const noLinkFields = bodySchema({});

export type LinkFields = Partial<BodyOf<{ token: "string" }>>;

export function linkTokenFields(
  deps: Deps,
  flow: "recovery" | "verification",
): BodySchema<LinkFields> {
  return emailMethod(deps, flow) === "link" ? linkFields : noLinkFields;
}

/**
 * The address step both flows share (Kratos's updateRecoveryFlowWithCodeMethod and
 * updateVerificationFlowWithCodeMethod, and their link twins): the address, and the
 * transient_payload that may name the email's language.
 */
export const addressStepBody = bodySchema(
  { email: "string", transient_payload: "value" },
  { kratos: "updateRecoveryFlowWithCodeMethod" },
);
export type AddressStepBody = BodyOf<{ email: "string"; transient_payload: "value" }>;

import { describe, expect, it } from "vitest";
import { selfServiceStrategies } from "../../src/composition/registry.ts";
import { addressStepBody } from "../../src/flows/email-method.ts";
import { nativeLogoutBody } from "../../src/flows/logout/logout-routes.ts";
import type { BodySchema } from "../../src/http/body-schema.ts";
import { openapiSchema } from "../support/openapi.ts";

// Every method parses its body once against a schema that follows Kratos's OpenAPI body of the
// same name (docs/protocol.md#submit-bodies): each field it reads is a field of Kratos's body,
// read as Kratos types it (a string as "string", a boolean as a "flag" that forms send as
// "true", an object as a "value" the method checks itself).

const kindOf: Record<string, string> = { string: "string", boolean: "flag", object: "value" };

function mismatches(schema: BodySchema<unknown>): string[] {
  const name = schema.kratos;
  if (!name) return [];
  const properties = openapiSchema(name)?.properties as
    | Record<string, { type?: string }>
    | undefined;
  if (!properties) return [`${name} is not in Kratos's OpenAPI document`];
  return Object.entries(schema.fields).flatMap(([field, kind]) => {
    const declared = properties[field];
    if (!declared) return [`${name}.${field} is not a field of Kratos's body`];
    const expected = kindOf[declared.type ?? "object"];
    return kind === expected ? [] : [`${name}.${field} is ${declared.type}, read as ${kind}`];
  });
}

describe("submit bodies", () => {
  it("follow Kratos's bodies field by field", () => {
    const strategies = selfServiceStrategies();
    const schemas = [
      ...strategies.login,
      ...strategies.loginSecondFactors,
      ...strategies.registration,
      ...strategies.settings,
      ...strategies.recovery,
    ].map((strategy) => strategy.body);
    schemas.push(addressStepBody, nativeLogoutBody);
    // Every method names the body it follows but two of ours: the email change, and the
    // automatic passkey upgrade with the passkey offer's submit.
    expect(schemas.filter((s) => s.kratos === undefined).length).toBe(2);
    expect(schemas.flatMap(mismatches)).toEqual([]);
  });

  it("name what does not match", () => {
    const wrong: BodySchema<unknown> = {
      kratos: "updateSettingsFlowWithTotpMethod",
      fields: { totp_unlink: "string", unknown_field: "string" },
      parse: (body) => body,
    };
    expect(mismatches(wrong)).toEqual([
      "updateSettingsFlowWithTotpMethod.totp_unlink is boolean, read as string",
      "updateSettingsFlowWithTotpMethod.unknown_field is not a field of Kratos's body",
    ]);
  });
});

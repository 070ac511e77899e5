import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

// Validates bodies against Kratos's OpenAPI schemas (../shared/ory/kratos-openapi.json).

const document = JSON.parse(
  readFileSync(new URL("../../../../../shared/ory/kratos-openapi.json", import.meta.url), "utf8"),
) as {
  components: { schemas: Record<string, Record<string, unknown>> };
};
// Schema erratum (docs/protocol.md#openapi-erratum): Kratos sends the flat error form for location changes.
document.components.schemas.errorBrowserLocationChangeRequired!.properties = {
  error: { $ref: "#/components/schemas/genericError" },
  redirect_browser_to: { type: "string" },
};
// Erratum: Go's map[string]interface{} became `additionalProperties: false`, but Kratos sends
// details such as {docs, hint, reject_reason}.
(document.components.schemas.genericError!.properties as Record<string, unknown>).details = {
  type: "object",
};
// OpenAPI's `nullable` without a `type` is not JSON Schema; drop it so ajv can compile.
dropUntypedNullable(document);

function dropUntypedNullable(node: unknown): void {
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  if ("nullable" in record && !("type" in record)) delete record.nullable;
  for (const child of Object.values(record)) dropUntypedNullable(child);
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
// Kratos's own format name for the ids it makes (Go's uuid.NewV4): a random, version 4 UUID.
ajv.addFormat("uuid4", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
ajv.addSchema(document, "openapi");
const cache = new Map<string, ValidateFunction>();

export function expectSchema(name: string, body: unknown): void {
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  // SDK results carry Date objects; compare the JSON they stand for.
  const data: unknown = JSON.parse(JSON.stringify(body));
  if (!validate(data)) {
    throw new Error(
      `body does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(data).slice(0, 2000)}`,
    );
  }
}

/** A schema of Kratos's OpenAPI document, as written there (request bodies and answers). */
export function openapiSchema(name: string): Record<string, unknown> | undefined {
  return document.components.schemas[name];
}

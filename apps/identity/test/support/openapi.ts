import { readFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

// Validates bodies against Kratos's OpenAPI schemas (../shared/ory/kratos-openapi.json).

const document = JSON.parse(readFileSync(new URL("../../../../../shared/ory/kratos-openapi.json", import.meta.url), "utf8")) as {
  components: { schemas: Record<string, Record<string, unknown>> };
};
// Schema erratum (PROTOCOL.md): Kratos sends the flat error form for location changes.
document.components.schemas.errorBrowserLocationChangeRequired!.properties = {
  error: { $ref: "#/components/schemas/genericError" },
  redirect_browser_to: { type: "string" },
};
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, "openapi");
const cache = new Map<string, ValidateFunction>();

export function expectSchema(name: string, body: unknown): void {
  let validate = cache.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  if (!validate(body)) {
    throw new Error(`body does not match ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
  }
}

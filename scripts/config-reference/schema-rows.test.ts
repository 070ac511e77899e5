import { describe, expect, it } from "vitest";
import { renderReference } from "./render.ts";
import { readSchema, type SchemaNode, typeOf } from "./schema-rows.ts";

const durationPattern = "^[0-9]+(s|m|h)$";
const read = (schema: SchemaNode) => readSchema(schema, { durationPattern });

const schema: SchemaNode = {
  type: "object",
  properties: {
    dsn: { type: "string", default: "memory://", description: "The database." },
    serve: {
      type: "object",
      properties: {
        public: {
          type: "object",
          properties: {
            port: {
              type: "integer",
              minimum: 0,
              maximum: 65535,
              default: 4433,
              description: "Port.",
            },
            timeout: { type: "string", pattern: durationPattern, default: "1s", description: "T." },
          },
        },
      },
    },
    providers: {
      type: "array",
      default: [],
      description: "Providers.",
      items: {
        type: "object",
        title: "Provider",
        required: ["id"],
        properties: {
          id: { type: "string", description: "The id." },
          mode: { type: "string", enum: ["a", "b"], default: "a", description: "Mode." },
          secret: { type: "string" },
        },
        allOf: [
          {
            if: { properties: { provider: { const: "apple" } } },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
            then: { required: ["secret"], properties: { mode: { default: "b" } } },
          },
        ],
      },
    },
    undocumented: { type: "boolean", default: false },
  },
};

describe("readSchema", () => {
  const reference = read(schema);

  it("gives every leaf its environment name as the loader derives it", () => {
    expect(reference.rows.map((row) => [row.key, row.env])).toEqual([
      ["dsn", "DSN"],
      ["serve.public.port", "SERVE_PUBLIC_PORT"],
      ["serve.public.timeout", "SERVE_PUBLIC_TIMEOUT"],
      ["providers", "PROVIDERS"],
      ["undocumented", "UNDOCUMENTED"],
    ]);
  });

  it("names types, bounds and defaults", () => {
    const port = reference.rows.find((row) => row.key === "serve.public.port");
    expect(port).toMatchObject({ type: "integer, 0 to 65535", default: "`4433`" });
    const timeout = reference.rows.find((row) => row.key === "serve.public.timeout");
    expect(timeout).toMatchObject({ type: "duration", default: '`"1s"`' });
  });

  it("calls a share or a factor a number, not an integer", () => {
    const options = { durationPattern };
    expect(typeOf({ type: "number", exclusiveMinimum: 0, maximum: 1 }, options)).toBe(
      "number, above 0 to 1",
    );
    expect(typeOf({ type: "number", minimum: 1 }, options)).toBe("number, at least 1");
    expect(typeOf({ type: "integer", maximum: 9 }, options)).toBe("integer, at most 9");
  });

  it("lists the keys without a description", () => {
    expect(reference.undescribed).toEqual(["providers[].secret", "undocumented"]);
  });

  it("writes a table per titled kind of entry, with defaults that depend on the kind", () => {
    expect(reference.entries).toHaveLength(1);
    const [providers] = reference.entries;
    expect(providers?.of).toBe("providers");
    expect(providers?.rows.map((row) => [row.key, row.default])).toEqual([
      ["id", "(required)"],
      ["mode", '`"a"`; provider apple: `"b"`'],
      ["secret", "provider apple: required"],
    ]);
  });

  it("escapes the pipes a Markdown table would split a cell at", () => {
    const markdown = renderReference(reference);
    expect(markdown).toContain('| `mode` | "a" \\| "b" |');
  });
});

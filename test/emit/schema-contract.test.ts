// JSON Schema → the keywords the lockfile records, as a table; and the top-level fields of a result.
import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../../src/model/api-model.js";
import { propertyContracts, schemaContract, type SchemaContract } from "../../src/emit/schema-contract.js";

const schemas: Record<string, JsonSchema> = {
  Status: { type: "string", enum: ["open", "closed"] },
  Order: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "integer" }, status: { $ref: "#/components/schemas/Status" } },
  },
};

describe("schemaContract", () => {
  test.each<[string, JsonSchema, SchemaContract]>([
    [
      "bounds and format",
      { type: "integer", format: "int64", minimum: 1, maximum: 999999 },
      { type: ["integer"], format: "int64", minimum: 1, maximum: 999999 },
    ],
    [
      "a type list with null is nullable",
      { type: ["string", "null"], maxLength: 5 },
      { type: ["string"], nullable: true, maxLength: 5 },
    ],
    [
      "an enum with null is nullable, null left out of the values",
      { type: "string", enum: ["a", null] },
      { type: ["string"], nullable: true, enum: ["a"] },
    ],
    ["a const is a one-value enum, its type inferred", { const: 3 }, { type: ["integer"], enum: [3] }],
    [
      "a union takes its members' types",
      { oneOf: [{ type: "string" }, { type: "null" }] },
      { type: ["string"], nullable: true },
    ],
    [
      "a ref is followed and named",
      { $ref: "#/components/schemas/Status" },
      { type: ["string"], ref: "Status", enum: ["open", "closed"] },
    ],
    [
      "array items, behind a ref",
      { type: "array", maxItems: 3, items: { $ref: "#/components/schemas/Status" } },
      { type: ["array"], maxItems: 3, items: { type: ["string"], ref: "Status", enum: ["open", "closed"] } },
    ],
    ["no type is any", {}, { type: [] }],
    [
      "exclusive bounds, pattern, multipleOf",
      { type: "number", exclusiveMinimum: 0, multipleOf: 0.5, pattern: "x" },
      { type: ["number"], exclusiveMinimum: 0, multipleOf: 0.5, pattern: "x" },
    ],
  ])("%s", (_name, schema, want) => {
    expect(schemaContract(schema, schemas)).toEqual(want);
  });
});

describe("propertyContracts", () => {
  test("an object's own properties, sorted, with required", () => {
    expect(propertyContracts({ $ref: "#/components/schemas/Order" }, schemas)).toEqual({
      id: { type: ["integer"], required: true },
      status: { type: ["string"], ref: "Status", enum: ["open", "closed"], required: false },
    });
  });

  test("a list's fields are those of its items", () => {
    expect(
      Object.keys(propertyContracts({ type: "array", items: { $ref: "#/components/schemas/Order" } }, schemas)),
    ).toEqual(["id", "status"]);
  });

  test("a scalar has no fields", () => {
    expect(propertyContracts({ type: "string" }, schemas)).toEqual({});
  });
});

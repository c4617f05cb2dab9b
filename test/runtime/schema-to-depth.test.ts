// schemaToDepth: an advertised input schema cut to a depth of properties; what is cut keeps its type and description.
import { describe, expect, it } from "vitest";
import { CUT_MARK, CUT_NOTE, schemaToDepth } from "../../src/runtime/adapters/shared.js";

const object = { type: "object", properties: { a: { type: "string" } } };

describe("schemaToDepth", () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ["its own type", { description: "Spec.", ...object }, { type: "object", description: `Spec. ${CUT_MARK}` }],
    ["object from properties", { properties: { a: { type: "string" } } }, { type: "object", description: CUT_MARK }],
    ["array from items", { items: object }, { type: "array", description: CUT_MARK }],
    ["through a $defs ref", { $ref: "#/$defs/Spec" }, { type: "object", description: CUT_MARK }],
    [
      // Zod writes a described shared schema as `allOf: [{ $ref }]` beside its description.
      "through allOf of a $defs ref",
      { description: "The pod's spec.", allOf: [{ $ref: "#/$defs/Spec" }] },
      { type: "object", description: `The pod's spec. ${CUT_MARK}` },
    ],
    ["a recursive ref ends", { $ref: "#/$defs/Loop" }, { description: CUT_MARK }],
    // Stripe's bank_account: "Either a token … or a dictionary".
    ["a union's types", { anyOf: [object, { type: "string" }] }, { type: ["object", "string"], description: CUT_MARK }],
    [
      "one type a union's branches share",
      { oneOf: [object, { $ref: "#/$defs/Spec" }] },
      { type: "object", description: CUT_MARK },
    ],
    ["no type where a union's branch has none", { anyOf: [object, { not: {} }] }, { description: CUT_MARK }],
  ])("a cut property keeps %s", (_, spec, want) => {
    const schema = {
      type: "object",
      properties: { spec },
      $defs: { Spec: object, Loop: { allOf: [{ $ref: "#/$defs/Loop" }] } },
    };
    const cut = schemaToDepth(schema, 0);
    expect((cut["properties"] as Record<string, unknown>)["spec"]).toEqual(want);
    expect(cut["description"]).toBe(CUT_NOTE);
    expect(cut["$defs"]).toBeUndefined();
  });

  it("keeps what is within the depth whole, and the $defs it still uses", () => {
    const schema = { type: "object", properties: { spec: { $ref: "#/$defs/Spec" } }, $defs: { Spec: object } };
    expect(schemaToDepth(schema, 1)).toEqual({ ...schema, description: CUT_NOTE });
  });
});

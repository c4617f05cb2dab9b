// Advertised result schemas: relaxed (shape and types only), and two `$ref`s deep — deeper, any value — in the plan and the MCP outputSchema.
import { describe, expect, it } from "vitest";
import { relaxedComponents, relaxOutputSchema } from "../../src/emit/output-schema.js";
import { plan } from "../../src/api/plan.js";
import { generate } from "../../src/api/generate.js";
import { jsonResponse } from "../support/planner-helpers.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const chain = {
  Order: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "integer", minimum: 1 }, customer: ref("Customer") },
  },
  Customer: { type: "object", properties: { email: { type: "string", format: "email" }, address: ref("Address") } },
  Address: { type: "object", properties: { city: { type: "string" }, geo: ref("Geo") } },
  Geo: { type: "object", properties: { lat: { type: "number" } } },
};

describe("relaxed result schemas", () => {
  it("drop what a capped, denoised result may break and keep shape, types and descriptions", () => {
    expect(
      relaxOutputSchema({ type: "string", enum: ["a", "b"], maxLength: 3, description: "A code." }, (n) => n),
    ).toEqual({ type: "string", description: "A code." });
    expect(
      relaxOutputSchema(
        {
          type: "object",
          required: ["id"],
          additionalProperties: false,
          properties: { id: { type: "integer", minimum: 1 } },
        },
        (n) => n,
      ),
    ).toEqual({ type: "object", properties: { id: { type: "integer" } } });
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    ["TBA's score", { type: "integer", description: "Null or -1 for an unplayed match." }, ["integer", "null"]],
    ["already nullable", { type: ["string", "null"], description: "null if none" }, ["string", "null"]],
    ["never null", { type: "string", description: "Never null." }, "string"],
    ["no word of null", { type: "string", description: "The name." }, "string"],
  ])("take null where the description says what it is: %s", (_, schema, type) => {
    expect(relaxOutputSchema(schema, (n) => n)).toMatchObject({ type });
  });

  it("go two `$ref`s deep; a deeper ref allows any value", () => {
    const relaxed = relaxedComponents([{ type: "object", properties: { order: ref("Order") } }], chain);
    expect(Object.keys(relaxed.schemas).sort()).toEqual(["CustomerResult", "OrderResult"]);
    expect(relaxed.schemas["CustomerResult"]).toEqual({
      type: "object",
      properties: { email: { type: "string" }, address: {} },
    });
    expect(relaxed.roots[0]).toEqual({ type: "object", properties: { order: ref("OrderResult") } });
  });
});

describe("a plan's result schemas", () => {
  const spec = {
    openapi: "3.1.0",
    info: { title: "Shop", version: "1.0.0" },
    servers: [{ url: "https://shop.example.com" }],
    paths: {
      "/orders/{id}": {
        get: {
          operationId: "getOrder",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
          responses: jsonResponse(ref("Order")),
        },
      },
    },
    components: { schemas: chain },
  };
  const goals = {
    aci: 1,
    toolset: "shop",
    goals: [{ name: "get_order", steps: [{ id: "order", operation: "getOrder", params: { id: "$inputs.id" } }] }],
  };

  it("carry the schemas within two refs of a result, and the package's outputSchema accepts anything deeper", async () => {
    const planned = await plan({ spec, goals });
    expect(Object.keys(planned.plan!.schemas)).toEqual(["Customer", "Order"]);
    const generated = await generate({ spec, goals });
    const schemasTs = generated.files["src/schemas.ts"] ?? "";
    expect(schemasTs).toContain("orderResultSchema");
    expect(schemasTs).toContain("customerResultSchema");
    expect(schemasTs).not.toMatch(/addressResultSchema|geoResultSchema/);
    expect(schemasTs).toContain("address: z.unknown().optional()");
  });
});

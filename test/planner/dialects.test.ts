// The petstore example goals planned against the same API in OpenAPI 3.1, 3.0 and Swagger 2.0 → the same tools.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { plan, type PlanResult } from "../../src/api/plan.js";
import { PETSTORE_GOALS, ROOT } from "../support/planner-helpers.js";

const DIALECTS = ["oas31", "oas30", "swagger2"] as const;
type Dialect = (typeof DIALECTS)[number];

const results = {} as Record<Dialect, PlanResult>;

beforeAll(async () => {
  for (const dialect of DIALECTS)
    results[dialect] = await plan({
      spec: join(ROOT, `examples/specs/petstore.${dialect}.yaml`),
      goals: PETSTORE_GOALS,
    });
});

describe("petstore goals across dialects", () => {
  it.each(DIALECTS)("%s plans with no diagnostics", (dialect) => {
    expect(results[dialect].diagnostics).toEqual([]);
    expect(results[dialect].plan).toBeDefined();
  });

  it.each(DIALECTS)("%s: tool names, risk, inputs and steps", (dialect) => {
    const tools = results[dialect].tools;
    expect(tools.map((t) => [t.name, t.risk, t.category, t.approval])).toEqual([
      ["find_customer_open_orders", "low", "data", "none"],
      ["adopt_pet", "high", "action", "required"],
      ["find_available_pets", "low", "data", "none"],
      ["get_pet_details", "low", "data", "none"],
      ["get_order_status", "low", "data", "none"],
      ["cancel_order", "high", "action", "required"],
    ]);
    expect(
      tools.map((t) =>
        t.inputs.map(
          (i) =>
            `${i.name}${i.required ? "" : "?"}: ${JSON.stringify(typeof i.schema === "object" ? i.schema["type"] : i.schema)}`,
        ),
      ),
    ).toEqual([
      ['email: "string"', 'limit?: "integer"'],
      ['email: "string"', 'pet_id: "integer"'],
      ['limit?: "integer"'],
      ['pet_id: "integer"'],
      ['order_id: "integer"'],
      ['order_id: "integer"'],
    ]);
    expect(
      tools.map((t) =>
        t.steps.map((s) => `${s.id}=${s.method.toUpperCase()} ${s.path} after [${s.dependsOn.join(",")}]`),
      ),
    ).toEqual([
      ["customer=GET /users/by-email after []", "orders=GET /users/{userId}/orders after [customer]"],
      [
        "customer=GET /users/by-email after []",
        "pet=GET /pet/{petId} after []",
        "order=POST /store/order after [customer,pet]",
      ],
      ["pets=GET /pet/findByStatus after []"],
      ["pet=GET /pet/{petId} after []"],
      ["order=GET /store/order/{orderId} after []"],
      ["cancel=DELETE /store/order/{orderId} after []"],
    ]);
  });

  it.each(["oas30", "swagger2"] as const)(
    "%s: every tool equals the 3.1 plan's, returns and hints included",
    (dialect) => {
      expect(results[dialect].tools).toEqual(results.oas31.tools);
    },
  );

  it.each(["oas30", "swagger2"] as const)(
    "%s: the shared schemas equal the 3.1 plan's but for a description beside a $ref (3.1 only)",
    (dialect) => {
      const oas31 = structuredClone(results.oas31.plan!.schemas) as Record<
        string,
        { properties: Record<string, Record<string, unknown>> }
      >;
      expect(oas31["Pet"]!.properties["category"]).toEqual({
        $ref: "#/components/schemas/Category",
        description: "The pet's category; a sibling of $ref, allowed since OpenAPI 3.1.",
      });
      delete oas31["Pet"]!.properties["category"]!["description"];
      expect(results[dialect].plan!.schemas).toEqual(oas31);
    },
  );

  it("the toolset differs only in how the server is written (Swagger 2 has no server variables)", () => {
    const servers = DIALECTS.map((d) => results[d].plan!.toolset.servers.map((s) => [s.url, Object.keys(s.variables)]));
    expect(servers).toEqual([
      [["https://petstore.example.com/{version}", ["version"]]],
      [["https://petstore.example.com/{version}", ["version"]]],
      [["https://petstore.example.com/v3", []]],
    ]);
    const { servers: _a, ...oas31 } = results.oas31.plan!.toolset;
    for (const dialect of ["oas30", "swagger2"] as const) {
      const { servers: _b, ...other } = results[dialect].plan!.toolset;
      expect(other).toEqual(oas31);
    }
  });
});

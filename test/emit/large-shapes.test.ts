// Deep and large spec shapes (an allOf chain thousands long, thousands of operations, a huge enum) end in a package or a located diagnostic, never a stack overflow.
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { sizePlan } from "../../src/emit/definitions.js";
import { propertyContracts, schemaContract } from "../../src/emit/schema-contract.js";
import { compileSchema, componentsToZod } from "../../src/emit/zod/schema-to-zod.js";
import { MAX_REF_DEPTH } from "../../src/emit/zod/ref.js";
import { recursiveNames } from "../../src/ingest/recursion.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { allOfChain, largeEnum, manyOperations } from "../../bench/large-specs.mjs";

const schemasOf = (doc: Record<string, unknown>): Record<string, unknown> =>
  (doc["components"] as { schemas: Record<string, unknown> }).schemas;

describe("an allOf chain 3,000 schemas long", () => {
  const chain = allOfChain(3000);

  it("compiles a schema at its head, cut below the depth limit with one warning", () => {
    const compiled = compileSchema(
      { $ref: "#/components/schemas/S0" },
      { dialect: "openapi-3.0", components: schemasOf(chain) },
    );
    expect(compiled.diagnostics.map((d) => [d.code, d.severity])).toEqual([["SCHEMA_TOO_DEEP", "warning"]]);
    expect(compiled.diagnostics[0]?.pointer).toBe(`/components/schemas/S${MAX_REF_DEPTH - 1}/allOf/0`);
    expect(compiled.locals).toHaveLength(MAX_REF_DEPTH);
  });

  it("records its contract in the lockfile without recursing down the chain", () => {
    const schemas = schemasOf(chain) as Parameters<typeof schemaContract>[1];
    expect(schemaContract({ $ref: "#/components/schemas/S0" }, schemas)).toEqual({ type: ["object"], ref: "S0" });
    expect(propertyContracts({ $ref: "#/components/schemas/S0" }, schemas)).toEqual({});
  });

  it("sizes its tool and makes up its input example without recursing down the chain", async () => {
    const planned = await plan({ spec: chain, allOperations: true });
    const sized = sizePlan(planned.plan!);
    expect(sized.definitions).toHaveLength(1);
    expect(sized.plan.tools[0]?.examples).toBeDefined();
  });

  it("compiles every component as a shared const", () => {
    const out = componentsToZod({ dialect: "openapi-3.0", components: schemasOf(chain) });
    expect(out.declarations).toHaveLength(3001);
    expect(out.diagnostics.every((d) => d.code === "SCHEMA_TOO_DEEP")).toBe(true);
  });
});

describe("an allOf chain 20,000 schemas long", () => {
  const schemas = schemasOf(allOfChain(20_000)) as Parameters<typeof recursiveNames>[0];

  it("is searched for reference cycles without recursion: none in the chain, all of it once closed into a loop", () => {
    expect(recursiveNames(schemas)).toEqual([]);
    const closed = { ...schemas, S20000: { allOf: [{ $ref: "#/components/schemas/S0" }] } };
    expect(recursiveNames(closed)).toHaveLength(20_001);
  });

  it("is cut in many places, reported once at the first with the others counted", async () => {
    const planned = await plan({ spec: allOfChain(3000), allOperations: true });
    const cuts = compilePlanSchemas(planned.plan!).diagnostics.filter((d) => d.code === "SCHEMA_TOO_DEEP");
    expect(cuts).toHaveLength(1);
    expect(cuts[0]?.pointer).toBe(`/components/schemas/S${MAX_REF_DEPTH - 1}/allOf/0`);
    expect(cuts[0]?.message).toMatch(/\(and \d+ more places the same way\)$/);
  });

  it("plans its tool 8,000 long without an error", async () => {
    const result = await plan({ spec: allOfChain(8000), allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools).toHaveLength(1);
  }, 60_000);
});

describe("large specs plan", () => {
  it.each([
    ["an allOf chain 1,500 long", () => allOfChain(1500), 1],
    ["3,000 operations", () => manyOperations(3000), 3000],
    ["an enum of 1,500 long strings", () => largeEnum(1500, 120), 1],
  ])("%s", async (_, make, tools) => {
    const result = await plan({ spec: make(), allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools).toHaveLength(tools);
  });
});

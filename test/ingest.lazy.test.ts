// Lazy ingest (what `plan` uses for goals): the same model as eager ingest once read, and operation findings when read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { plan } from "../src/api/plan.js";
import { ingest } from "../src/ingest/index.js";

const root = join(import.meta.dirname, "..");
const specs = [
  "petstore.oas31.yaml",
  "petstore.oas30.yaml",
  "petstore.swagger2.yaml",
  "recursive.oas31.yaml",
  "pet-coupons.openapi.yaml",
];

/** Every part of the model read, so lazy getters have become plain properties. */
function readAll(model: NonNullable<Awaited<ReturnType<typeof ingest>>["model"]>): void {
  for (const operation of model.operations) void operation.parameters;
  for (const name of Object.keys(model.schemas)) void model.schemas[name];
  void model.recursiveSchemas;
}

describe("lazy ingest", () => {
  test.each(specs)("%s: once read, the lazy model equals the eager one, keys in the same order", async (name) => {
    const file = join(root, "examples/specs", name);
    const eager = await ingest(file);
    const lazy = await ingest(file, { lazy: true });
    expect(lazy.model).toBeDefined();
    readAll(lazy.model!);
    expect(lazy.model).toStrictEqual(eager.model);
    expect(JSON.stringify(lazy.model)).toBe(JSON.stringify(eager.model));
    expect(lazy.diagnostics).toEqual(eager.diagnostics);
  });

  test("nothing about an operation's details or a named schema is worked out until it is read", async () => {
    const { model } = await ingest(join(root, "examples/specs/petstore.oas31.yaml"), { lazy: true });
    const settled = (o: object, key: string): boolean => Object.getOwnPropertyDescriptor(o, key)?.get === undefined;
    expect(model!.operations.every((o) => !settled(o, "parameters"))).toBe(true);
    expect(Object.keys(model!.schemas).every((n) => !settled(model!.schemas, n))).toBe(true);
    const [first] = model!.operations;
    void first!.responses;
    expect(["parameters", "responses"].every((key) => settled(first!, key))).toBe(true);
    expect(model!.operations.slice(1).every((o) => !settled(o, "parameters"))).toBe(true);
  });

  // A broken parameter in an operation: refused by eager ingest and all-operations, reported by goals only when a goal uses it.
  const spec = parse(readFileSync(join(root, "examples/specs/petstore.oas31.yaml"), "utf8")) as {
    paths: Record<string, Record<string, { parameters?: unknown }>>;
  };
  const broken = (path: string, method: string): object => {
    const copy = structuredClone(spec);
    copy.paths[path]![method]!.parameters = "not a list";
    return copy;
  };
  const goals = join(root, "examples/goals/petstore.goals.yaml");

  test("a structural error in an operation no goal reaches does not refuse the goals", async () => {
    const unreached = broken("/store/inventory", "get");
    expect((await ingest(unreached)).model).toBeUndefined();
    const planned = await plan({ spec: unreached, goals });
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(planned.tools.length).toBeGreaterThan(0);
  });

  test("a structural error in an operation a goal reaches refuses the plan, reported at its place", async () => {
    const reached = broken("/store/order", "post");
    const planned = await plan({ spec: reached, goals });
    expect(planned.tools).toEqual([]);
    expect(planned.diagnostics).toContainEqual(
      expect.objectContaining({ code: "SPEC_INVALID_STRUCTURE", pointer: "/paths/~1store~1order/post/parameters" }),
    );
    const all = await plan({ spec: reached, allOperations: true });
    expect(all.diagnostics).toContainEqual(
      expect.objectContaining({ code: "SPEC_INVALID_STRUCTURE", pointer: "/paths/~1store~1order/post/parameters" }),
    );
  });
});

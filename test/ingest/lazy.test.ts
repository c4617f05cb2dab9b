// Lazy ingest (what `plan` uses for goals): frozen data resolved on request, the eager model once all is resolved, findings with their operation.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { Diagnostic } from "../../src/diagnostics/types.js";
import { ingest, ingestLazy } from "../../src/ingest/index.js";
import { recursiveNames } from "../../src/ingest/recursion.js";
import type { ApiModel, JsonSchema } from "../../src/model/api-model.js";
import type { ApiSource } from "../../src/model/api-source.js";

const root = join(import.meta.dirname, "../..");
const specs = [
  "petstore.oas31.yaml",
  "petstore.oas30.yaml",
  "petstore.swagger2.yaml",
  "recursive.oas31.yaml",
  "pet-coupons.openapi.yaml",
];

/** The lazy source with every operation and schema resolved, laid out as the eager model is. */
function resolveAll(api: ApiSource): { model: ApiModel; diagnostics: readonly Diagnostic[] } {
  const resolved = api.index.operations.map((o) => api.resolveOperation(o));
  const { schemaNames, operations: _summaries, ...header } = api.index;
  const schemas = Object.fromEntries(schemaNames.map((name) => [name, api.schema(name) as JsonSchema]));
  const { servers, securitySchemes, security, tags, ...info } = header;
  return {
    model: {
      ...info,
      servers,
      operations: resolved.map((r) => r.value),
      schemas,
      recursiveSchemas: recursiveNames(schemas),
      securitySchemes,
      security,
      tags,
    },
    diagnostics: resolved.flatMap((r) => r.diagnostics),
  };
}

/** Every own property of the value and what it holds is a plain data property (no getter anywhere). */
function accessors(value: unknown, path = "", seen = new Set<unknown>()): string[] {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(Object.getOwnPropertyDescriptors(value)).flatMap(([key, d]) =>
    d.get || d.set ? [`${path}/${key}`] : accessors(d.value, `${path}/${key}`, seen),
  );
}

const spec = parse(readFileSync(join(root, "examples/specs/petstore.oas31.yaml"), "utf8")) as {
  paths: Record<string, Record<string, { parameters?: unknown }>>;
};

describe("lazy ingest", () => {
  test.each(specs)(
    "%s: resolved in full, the lazy source gives the eager model, keys in the same order",
    async (name) => {
      const file = join(root, "examples/specs", name);
      const eager = await ingest(file);
      const lazy = await ingestLazy(file);
      expect(lazy.api).toBeDefined();
      const all = resolveAll(lazy.api!);
      expect(all.model).toStrictEqual(eager.model);
      expect(JSON.stringify(all.model)).toBe(JSON.stringify(eager.model));
      expect([...lazy.diagnostics, ...all.diagnostics]).toEqual(eager.diagnostics);
    },
  );

  test("the source is frozen data: no getters, nothing changes on read, resolving twice gives the same objects", async () => {
    const { api } = await ingestLazy(join(root, "examples/specs/petstore.oas31.yaml"));
    const [first, second] = api!.index.operations;
    expect(accessors(api!.index)).toEqual([]);
    expect(Object.isFrozen(api!.index) && Object.isFrozen(first)).toBe(true);
    const before = JSON.stringify(api!.index);
    const resolved = api!.resolveOperation(first!);
    expect(api!.resolveOperation(first!)).toBe(resolved);
    expect(Object.isFrozen(resolved.value)).toBe(true);
    expect(accessors(resolved.value)).toEqual([]);
    expect(resolved.value).not.toBe(api!.resolveOperation(second!).value);
    expect(api!.schema("Pet")).toBe(api!.schema("Pet"));
    expect(api!.schema("NoSuchSchema")).toBeUndefined();
    expect(JSON.stringify(api!.index)).toBe(before);
    expect(Object.keys(first!)).not.toContain("parameters");
  });

  test("an operation's structural findings come back with it, once, and not with any other operation", async () => {
    const copy = structuredClone(spec);
    copy.paths["/store/order"]!["post"]!.parameters = "not a list";
    const lazy = await ingestLazy(copy);
    expect(lazy.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const operations = lazy.api!.index.operations;
    const broken = operations.find((o) => o.pointer === "/paths/~1store~1order/post")!;
    const others = operations.filter((o) => o !== broken).flatMap((o) => lazy.api!.resolveOperation(o).diagnostics);
    expect(others).toEqual([]);
    expect(lazy.api!.resolveOperation(broken).diagnostics).toEqual([
      expect.objectContaining({ code: "SPEC_INVALID_STRUCTURE", pointer: "/paths/~1store~1order/post/parameters" }),
    ]);
    expect(lazy.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  // A broken parameter in an operation: refused by eager ingest and all-operations, reported by goals only when a goal uses it.
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

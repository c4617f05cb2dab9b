// Lazy ingest normalises a named schema only when it is asked for, and only once; eager ingest normalises every one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { parse } from "yaml";
import { ingest, ingestLazy } from "../../src/ingest/index.js";
import { normalizeSchema } from "../../src/schema/normalize.js";

vi.mock(import("../../src/schema/normalize.js"), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, normalizeSchema: vi.fn(original.normalizeSchema) };
});

const file = join(import.meta.dirname, "../../examples/specs/petstore.oas31.yaml");
const components = (parse(readFileSync(file, "utf8")) as { components: { schemas: Record<string, unknown> } })
  .components.schemas;

/** The named schemas whose spec text normalizeSchema was handed since the last reset. */
function normalisedNames(): string[] {
  const inputs = vi.mocked(normalizeSchema).mock.calls.map(([schema]) => JSON.stringify(schema));
  return Object.keys(components).filter((name) => inputs.includes(JSON.stringify(components[name])));
}

describe("lazy named schemas", () => {
  beforeEach(() => vi.mocked(normalizeSchema).mockClear());

  test("eager ingest normalises every named schema (the spy sees them)", async () => {
    await ingest(file);
    expect(normalisedNames()).toEqual(Object.keys(components));
  });

  test("lazy ingest and an operation without a body normalise none; asking for one normalises it, once", async () => {
    const { api } = await ingestLazy(file);
    const inventory = api!.index.operations.find((o) => o.id === "getInventory")!;
    api!.resolveOperation(inventory);
    expect(normalisedNames()).toEqual([]);
    const pet = api!.schema("Pet");
    expect(api!.schema("Pet")).toBe(pet);
    expect(normalisedNames()).toEqual(["Pet"]);
    const petText = JSON.stringify(components["Pet"]);
    expect(vi.mocked(normalizeSchema).mock.calls.filter(([s]) => JSON.stringify(s) === petText)).toHaveLength(1);
  });
});

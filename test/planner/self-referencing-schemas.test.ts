// Schemas whose `allOf` or `items` lead back to themselves through `$ref`s: the planner's walks that follow `$ref`s stop (a depth limit or a seen set), in plan, paging and init.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { ingest } from "../../src/ingest/index.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { pagingOf } from "../../src/planner/paging.js";
import { operationWords } from "../../src/planner/profile-words.js";

const json = (schema: unknown) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `Page` and `Fields` are each an `allOf` of themselves; `L1` and `L2` are lists of each other. */
const SPEC = {
  openapi: "3.0.3",
  info: { title: "Self-referencing", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        summary: "List things",
        parameters: [{ name: "cursor", in: "query", schema: { type: "string" } }],
        responses: { 200: { description: "ok", content: json(ref("Page")) } },
      },
    },
    "/things/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "getThing",
        summary: "Get a thing",
        responses: { 200: { description: "ok", content: json(ref("Thing")) } },
      },
      patch: {
        operationId: "updateThing",
        summary: "Update a thing",
        requestBody: {
          required: true,
          content: json({ type: "object", properties: { fields: ref("Fields") } }),
        },
        responses: { 200: { description: "ok", content: json(ref("L1")) } },
      },
    },
  },
  components: {
    schemas: {
      Page: { allOf: [ref("Page")], properties: { next: { type: "string" } } },
      Fields: { allOf: [ref("Fields")], properties: { name: { type: "string" } } },
      Thing: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
      L1: { type: "array", items: ref("L2") },
      L2: { type: "array", items: ref("L1") },
    },
  },
};

const dir = mkdtempSync(join(tmpdir(), "aci-self-ref-"));
const file = join(dir, "spec.json");
writeFileSync(file, JSON.stringify(SPEC));

describe("schemas that lead back to themselves", () => {
  test("paging: a response that is an `allOf` of itself is not taken for a list (no endless walk)", async () => {
    const { model } = await ingest(file);
    const list = model?.operations.find((o) => o.id === "listThings");
    expect(list).toBeDefined();
    expect(pagingOf(list!, schemaLookup(model!.schemas))).toBeUndefined();
  });

  test("search words: a list of lists of itself is read once", async () => {
    const { model } = await ingest(file);
    const update = model?.operations.find((o) => o.id === "updateThing");
    expect(operationWords(update!, "update thing", schemaLookup(model!.schemas))).toEqual(["field"]);
  });

  test("init drafts goals, the update's body wrapper read through its own `allOf` a few levels", async () => {
    let out = "";
    let err = "";
    const code = await main(["node", "aci-gen", "init", "--spec", file], {
      out: (t) => void (out += t),
      err: (t) => void (err += t),
    });
    expect(err).not.toMatch(/RangeError|\n\s+at /);
    expect(code).toBe(0);
    expect(out).toContain("operation: updateThing");
  });
});

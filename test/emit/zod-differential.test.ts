// Differential proof that schemaToZod is exact: its Zod and the ajv oracle agree on generated schemas, formats and tricky cases.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertAgree, compilePair, show, type Case } from "../support/differential-harness.js";
import { FORMAT_STRINGS } from "../support/differential-formats.js";
import { compileOracle, FORMATS, formatOracle, type Dialect } from "../support/oracle.js";
import { instanceArb, isJsonValue, schemaCaseArb } from "../support/schema-arbitraries.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

const SEED = 20_261_130;
const SCHEMAS_PER_DIALECT = 3000;
const INSTANCES_PER_SCHEMA = 10;
const STRINGS_PER_FORMAT = 3000;
const DIALECTS: readonly Dialect[] = ["openapi-3.0", "openapi-3.1"];

// 30,000 verdicts per dialect prove the translation, which is the same on every Node: CI runs them once; the formats
// (V8's regular expressions) and the tricky cases below run on every Node.
describe.skipIf(REPEAT_RUN).each(DIALECTS)("schemaToZod agrees with ajv on generated schemas (%s)", (dialect) => {
  it(`${SCHEMAS_PER_DIALECT} schemas × ${INSTANCES_PER_SCHEMA} instances`, () => {
    const verdicts = { accept: 0, reject: 0 };
    const cases = schemaCaseArb(dialect).chain((c) =>
      fc.tuple(
        fc.constant(c),
        fc.array(instanceArb(c), { minLength: INSTANCES_PER_SCHEMA, maxLength: INSTANCES_PER_SCHEMA }),
      ),
    );
    fc.assert(
      fc.property(cases, ([c, instances]) => {
        const pair = compilePair(c);
        for (const instance of instances) {
          if (!isJsonValue(instance)) throw new Error(`generator bug, not JSON: ${show(instance)}`);
          verdicts[assertAgree(c, pair, instance) ? "accept" : "reject"] += 1;
        }
      }),
      { seed: SEED, numRuns: SCHEMAS_PER_DIALECT, endOnFailure: false },
    );
    const total = verdicts.accept + verdicts.reject;
    expect(total).toBeGreaterThanOrEqual(SCHEMAS_PER_DIALECT * INSTANCES_PER_SCHEMA);
    expect(verdicts.accept / total).toBeGreaterThan(0.2);
    expect(verdicts.reject / total).toBeGreaterThan(0.2);
    // 30,000 verdicts per dialect: ~30 s alone, twice that on two shared cores; the bound is no speed target.
  }, 180_000);
});

describe.each(FORMATS)("format %s: schemaToZod agrees with ajv-formats (spec-corrected)", (format) => {
  it(`${STRINGS_PER_FORMAT} generated strings`, () => {
    const pair = compilePair({ dialect: "openapi-3.1", schema: { type: "string", format } });
    const verdicts = { accept: 0, reject: 0 };
    fc.assert(
      fc.property(FORMAT_STRINGS[format], (s) => {
        expect(pair.oracle(s)).toBe(formatOracle(format, s));
        verdicts[
          assertAgree({ dialect: "openapi-3.1", schema: { type: "string", format } }, pair, s) ? "accept" : "reject"
        ] += 1;
      }),
      { seed: SEED, numRuns: STRINGS_PER_FORMAT },
    );
    expect(verdicts.accept).toBeGreaterThan(STRINGS_PER_FORMAT / 10);
    expect(verdicts.reject).toBeGreaterThan(STRINGS_PER_FORMAT / 10);
  });

  it("the same verdicts under openapi-3.0, and non-strings pass", () => {
    const schema = { type: ["string", "number", "null"], format };
    const pair = compilePair({ dialect: "openapi-3.0", schema });
    fc.assert(
      fc.property(FORMAT_STRINGS[format], (s) => void assertAgree({ dialect: "openapi-3.0", schema }, pair, s)),
      { seed: SEED, numRuns: 500 },
    );
    for (const other of [1, null]) expect(pair.zod(other)).toBe(true);
  });
});

interface Tricky {
  readonly dialect?: Dialect;
  readonly schema: unknown;
  readonly components?: Record<string, unknown>;
  readonly instance: unknown;
  /** The verdict per the JSON Schema spec (and OAS for `nullable`). */
  readonly valid: boolean;
  /** Set where ajv as configured departs from the spec: what it says instead. */
  readonly ajv?: boolean | "throws";
  /** The oracle cannot correct that departure either (so generated schemas avoid the construct). */
  readonly uncorrected?: true;
  /** Set where the generated schema departs from the spec on purpose: what it says instead. */
  readonly zod?: boolean;
}

const proto = (json: string): unknown => JSON.parse(json);
const TREE = {
  type: "object",
  properties: { value: { type: "integer" }, children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
  required: ["value"],
  additionalProperties: false,
};

const TRICKY: [string, Tricky][] = [
  [
    "integer 1.0 is an integer (JSON cannot tell it from 1)",
    { schema: { type: "integer" }, instance: 1.0, valid: true },
  ],
  ["integer 1.5", { schema: { type: "integer" }, instance: 1.5, valid: false }],
  // Past 2^53 - 1 a JSON number reached the tool rounded: the generated schema refuses it (emit/zod/number.ts).
  ["integer 1e308 is an integer", { schema: { type: "integer" }, instance: 1e308, valid: true, zod: false }],
  ["integer 2^53 + 2 is an integer", { schema: { type: "integer" }, instance: 2 ** 53 + 2, valid: true, zod: false }],
  ["integer -0", { schema: { type: "integer", minimum: 0 }, instance: -0, valid: true }],
  [
    "-0 is not above exclusiveMinimum 0",
    { dialect: "openapi-3.1", schema: { exclusiveMinimum: 0 }, instance: -0, valid: false },
  ],
  ["-0 equals const 0", { dialect: "openapi-3.1", schema: { const: 0 }, instance: -0, valid: true }],
  ["-0 is in enum [0]", { schema: { enum: [0] }, instance: -0, valid: true }],
  ["NaN is not JSON: rejected by type number", { schema: { type: "number" }, instance: Number.NaN, valid: false }],
  [
    "Infinity is not JSON: rejected by type number",
    { schema: { type: "number" }, instance: Number.POSITIVE_INFINITY, valid: false },
  ],
  ["1e308 under maximum 1e308", { schema: { type: "number", maximum: 1e308 }, instance: 1e308, valid: true }],
  [
    "😀 is one code point: maxLength 1",
    { schema: { type: "string", maxLength: 1 }, instance: "\u{1F600}", valid: true },
  ],
  [
    "😀 is one code point: minLength 2",
    { schema: { type: "string", minLength: 2 }, instance: "\u{1F600}", valid: false },
  ],
  ["😀😀 maxLength 2", { schema: { type: "string", maxLength: 2 }, instance: "\u{1F600}\u{1F600}", valid: true }],
  [
    "e + combining acute is two code points",
    { schema: { type: "string", maxLength: 1 }, instance: "e\u0301", valid: false },
  ],
  [
    "pattern ^.$ matches one astral char (u flag)",
    { schema: { type: "string", pattern: "^.$" }, instance: "\u{1F600}", valid: true },
  ],
  ["pattern is a search, not anchored", { schema: { type: "string", pattern: "[0-9]" }, instance: "a1b", valid: true }],
  ["pattern \\p{Lu}", { schema: { type: "string", pattern: "^\\p{Lu}" }, instance: "Émile", valid: true }],
  [
    "__proto__ as a required key",
    { schema: { type: "object", required: ["__proto__"] }, instance: proto('{"__proto__":1}'), valid: true },
  ],
  ["__proto__ missing", { schema: { type: "object", required: ["__proto__"] }, instance: {}, valid: false }],
  // ajv leaves "__proto__" out of `properties` (allSchemaProperties), so neither the subschema nor the name counts.
  [
    "__proto__ property typed",
    {
      schema: { type: "object", properties: proto('{"__proto__":{"type":"string"}}') },
      instance: proto('{"__proto__":1}'),
      valid: false,
      ajv: true,
      uncorrected: true,
    },
  ],
  [
    "__proto__ declared, additionalProperties false",
    {
      schema: { properties: proto('{"__proto__":{}}'), additionalProperties: false },
      instance: proto('{"__proto__":1}'),
      valid: true,
      ajv: false,
      uncorrected: true,
    },
  ],
  [
    "__proto__ is an additional property",
    { schema: { type: "object", additionalProperties: false }, instance: proto('{"__proto__":1}'), valid: false },
  ],
  [
    "__proto__ checked by an additionalProperties schema",
    { schema: { additionalProperties: { type: "string" } }, instance: proto('{"__proto__":1}'), valid: false },
  ],
  [
    "__proto__ checked below the root",
    {
      schema: { properties: { a: { additionalProperties: false } } },
      instance: proto('{"a":{"__proto__":1}}'),
      valid: false,
    },
  ],
  [
    "additionalProperties false with maxProperties",
    { schema: { type: "object", additionalProperties: false, maxProperties: 3 }, instance: { a: 1 }, valid: false },
  ],
  [
    "additionalProperties schema with minProperties",
    { schema: { additionalProperties: { type: "integer" }, minProperties: 1 }, instance: { a: 1.5 }, valid: false },
  ],
  [
    "nullable composition beside definitions",
    {
      dialect: "openapi-3.0",
      schema: { definitions: { T: { type: "string" } }, anyOf: [{ $ref: "#/definitions/T" }], nullable: true },
      instance: null,
      valid: true,
    },
  ],
  [
    "nullable composition beside definitions, non-null",
    {
      dialect: "openapi-3.0",
      schema: { definitions: { T: { type: "string" } }, anyOf: [{ $ref: "#/definitions/T" }], nullable: true },
      instance: 1,
      valid: false,
    },
  ],
  // fast-deep-equal, behind ajv's const/enum/uniqueItems, calls an own toString and compares constructor by identity.
  [
    "enum with an own toString key",
    { schema: { enum: [{ toString: 1 }] }, instance: { toString: 1 }, valid: true, ajv: "throws" },
  ],
  [
    "const with an own constructor key",
    {
      dialect: "openapi-3.1",
      schema: { const: { constructor: {} } },
      instance: { constructor: {} },
      valid: true,
      ajv: false,
    },
  ],
  [
    "uniqueItems with own valueOf keys",
    { schema: { uniqueItems: true }, instance: [{ valueOf: 1 }, { valueOf: 2 }], valid: true, ajv: "throws" },
  ],
  // ajv's `required` takes the empty name as present.
  ["empty property name required", { schema: { required: [""] }, instance: {}, valid: false, ajv: true }],
  ["constructor is not inherited for required", { schema: { required: ["constructor"] }, instance: {}, valid: false }],
  ["toString is not inherited for required", { schema: { required: ["toString"] }, instance: {}, valid: false }],
  ["const {} rejects []", { dialect: "openapi-3.1", schema: { const: {} }, instance: [], valid: false }],
  ["const [] rejects {}", { dialect: "openapi-3.1", schema: { const: [] }, instance: {}, valid: false }],
  [
    "const object ignores key order",
    { dialect: "openapi-3.1", schema: { const: { a: 1, b: 2 } }, instance: { b: 2, a: 1 }, valid: true },
  ],
  ["const array is ordered", { dialect: "openapi-3.1", schema: { const: [1, 2] }, instance: [2, 1], valid: false }],
  ["enum object ignores key order", { schema: { enum: [{ a: 1, b: 2 }] }, instance: { b: 2, a: 1 }, valid: true }],
  ['enum [1] rejects "1"', { schema: { enum: [1] }, instance: "1", valid: false }],
  [
    "enum with nested objects",
    { schema: { enum: [{ a: [{ x: 1, y: 2 }] }] }, instance: { a: [{ y: 2, x: 1 }] }, valid: true },
  ],
  // ajv divides in binary floating point (0.07 / 0.01 = 7.000000000000001); §6.2.1 means the decimal values.
  ["multipleOf 0.01: 0.07", { schema: { multipleOf: 0.01 }, instance: 0.07, valid: true, ajv: false }],
  ["multipleOf 0.01: 1.13", { schema: { multipleOf: 0.01 }, instance: 1.13, valid: true, ajv: false }],
  ["multipleOf 0.01: 19.99", { schema: { multipleOf: 0.01 }, instance: 19.99, valid: true, ajv: false }],
  ["multipleOf 0.01: 0.075", { schema: { multipleOf: 0.01 }, instance: 0.075, valid: false }],
  ["multipleOf 0.1: 0.3", { schema: { multipleOf: 0.1 }, instance: 0.3, valid: true, ajv: false }],
  ["multipleOf 2.5: 7.5", { schema: { multipleOf: 2.5 }, instance: 7.5, valid: true }],
  ["multipleOf 2.5: 8", { schema: { multipleOf: 2.5 }, instance: 8, valid: false }],
  ["multipleOf 1e-7: 3e-7", { schema: { multipleOf: 1e-7 }, instance: 3e-7, valid: true }],
  // ajv: 1e308 / 0.01 overflows to Infinity, which is not an integer.
  ["multipleOf 0.01 on 1e308", { schema: { multipleOf: 0.01 }, instance: 1e308, valid: true, ajv: false }],
  [
    "uniqueItems: objects in different key order are equal",
    {
      schema: { uniqueItems: true },
      instance: [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      valid: false,
    },
  ],
  ["uniqueItems: 0 and -0 are equal", { schema: { uniqueItems: true }, instance: [0, -0], valid: false }],
  ["uniqueItems: {} and [] differ", { schema: { uniqueItems: true }, instance: [{}, []], valid: true }],
  ['uniqueItems: 1 and "1" differ', { schema: { uniqueItems: true }, instance: [1, "1"], valid: true }],
  [
    "uniqueItems: nested arrays",
    {
      schema: { uniqueItems: true },
      instance: [
        [1, [2]],
        [1, [2]],
      ],
      valid: false,
    },
  ],
  [
    "date-time lowercase t and z (RFC 3339 §5.6 NOTE)",
    { schema: { format: "date-time" }, instance: "2021-01-01t12:00:00z", valid: true },
  ],
  ["date-time with offset", { schema: { format: "date-time" }, instance: "2021-01-01T12:00:00.5+05:30", valid: true }],
  // RFC 3339 §5.6 time-numoffset needs "hh:mm"; ajv's regex makes the colon and minutes optional.
  [
    "date-time offset without colon",
    { schema: { format: "date-time" }, instance: "2021-01-01T12:00:00+0530", valid: false, ajv: true },
  ],
  // RFC 3339 §5.6 date-time = full-date "T" full-time; ajv splits on any whitespace too.
  [
    "date-time with a space",
    { schema: { format: "date-time" }, instance: "2021-01-01 12:00:00Z", valid: false, ajv: true },
  ],
  ["date-time without offset", { schema: { format: "date-time" }, instance: "2021-01-01T12:00:00", valid: false }],
  ["date-time leap day 2024", { schema: { format: "date-time" }, instance: "2024-02-29T00:00:00Z", valid: true }],
  ["date-time leap day 2023", { schema: { format: "date-time" }, instance: "2023-02-29T00:00:00Z", valid: false }],
  ["date-time leap second UTC", { schema: { format: "date-time" }, instance: "1998-12-31T23:59:60Z", valid: true }],
  [
    "date-time leap second with offset",
    { schema: { format: "date-time" }, instance: "1998-12-31T15:59:60-08:00", valid: true },
  ],
  [
    "date-time leap second at the wrong hour",
    { schema: { format: "date-time" }, instance: "1998-12-31T22:59:60Z", valid: false },
  ],
  ["date-time 24:00:00", { schema: { format: "date-time" }, instance: "2021-01-01T24:00:00Z", valid: false }],
  ["date 2024-02-29", { schema: { format: "date" }, instance: "2024-02-29", valid: true }],
  ["date 2023-02-29", { schema: { format: "date" }, instance: "2023-02-29", valid: false }],
  ["date 1900-02-29", { schema: { format: "date" }, instance: "1900-02-29", valid: false }],
  ["date 2000-02-29", { schema: { format: "date" }, instance: "2000-02-29", valid: true }],
  ["date 2021-1-01", { schema: { format: "date" }, instance: "2021-1-01", valid: false }],
  ["time 24:00:00Z", { schema: { format: "time" }, instance: "24:00:00Z", valid: false }],
  ["time 23:59:60Z", { schema: { format: "time" }, instance: "23:59:60Z", valid: true }],
  ["time without offset", { schema: { format: "time" }, instance: "12:00:00", valid: false }],
  ["time offset hours only", { schema: { format: "time" }, instance: "12:00:00+01", valid: false, ajv: true }],
  // RFC 5321 §4.1.2: Local-part = Dot-string / Quoted-string; ajv-formats only knows the dot-string.
  [
    "email quoted local part",
    { schema: { format: "email" }, instance: '"john doe"@example.com', valid: true, ajv: false },
  ],
  // RFC 5321 §4.1.3 address literals.
  ["email IPv4 literal", { schema: { format: "email" }, instance: "user@[127.0.0.1]", valid: true, ajv: false }],
  ["email IPv6 literal", { schema: { format: "email" }, instance: "user@[IPv6:2001:db8::1]", valid: true, ajv: false }],
  // RFC 5321 §4.1.2: Domain = sub-domain *("." sub-domain), so one label is enough.
  ["email one-label domain", { schema: { format: "email" }, instance: "user@localhost", valid: true, ajv: false }],
  ["email two dots", { schema: { format: "email" }, instance: "a..b@example.com", valid: false }],
  ["email leading dot", { schema: { format: "email" }, instance: ".a@example.com", valid: false }],
  ["email domain starting with hyphen", { schema: { format: "email" }, instance: "a@-example.com", valid: false }],
  ["ipv6 ::", { schema: { format: "ipv6" }, instance: "::", valid: true }],
  ["ipv6 1::", { schema: { format: "ipv6" }, instance: "1::", valid: true }],
  ["ipv6 ipv4-mapped", { schema: { format: "ipv6" }, instance: "::ffff:192.0.2.1", valid: true }],
  ["ipv6 ipv4-mapped with a bad octet", { schema: { format: "ipv6" }, instance: "::ffff:256.0.2.1", valid: false }],
  ["ipv6 eight groups", { schema: { format: "ipv6" }, instance: "1:2:3:4:5:6:7:8", valid: true }],
  ["ipv6 nine groups", { schema: { format: "ipv6" }, instance: "1:2:3:4:5:6:7:8:9", valid: false }],
  ["ipv6 :::", { schema: { format: "ipv6" }, instance: "1:::2", valid: false }],
  ["ipv6 zone id", { schema: { format: "ipv6" }, instance: "fe80::1%eth0", valid: false }],
  ["ipv4 leading zero", { schema: { format: "ipv4" }, instance: "01.2.3.4", valid: false }],
  ["ipv4 256", { schema: { format: "ipv4" }, instance: "256.0.0.1", valid: false }],
  ["uuid upper case", { schema: { format: "uuid" }, instance: "123E4567-E89B-12D3-A456-426614174000", valid: true }],
  // RFC 4122 §3: the string representation is the bare hex form; "urn:uuid:…" is the URN, not a UUID string.
  [
    "uuid urn prefix",
    { schema: { format: "uuid" }, instance: "urn:uuid:123e4567-e89b-12d3-a456-426614174000", valid: false, ajv: true },
  ],
  ["uuid without dashes", { schema: { format: "uuid" }, instance: "123e4567e89b12d3a456426614174000", valid: false }],
  ["uri with scheme", { schema: { format: "uri" }, instance: "https://example.com/a?b#c", valid: true }],
  ["uri urn", { schema: { format: "uri" }, instance: "urn:isbn:0451450523", valid: true }],
  ["uri ipv6 host", { schema: { format: "uri" }, instance: "http://[::1]:80/", valid: true }],
  ["uri without scheme (relative ref)", { schema: { format: "uri" }, instance: "//example.com/path", valid: false }],
  ["uri absolute path (relative ref)", { schema: { format: "uri" }, instance: "/abs/path", valid: false }],
  ["uri bare word", { schema: { format: "uri" }, instance: "example.com", valid: false }],
  ["uri with a space", { schema: { format: "uri" }, instance: "http://exa mple.com", valid: false }],
  ["uri with non-ASCII (an IRI)", { schema: { format: "uri" }, instance: "http://example.com/ä", valid: false }],
  ["hostname 63-char label", { schema: { format: "hostname" }, instance: `${"a".repeat(63)}.com`, valid: true }],
  ["hostname 64-char label", { schema: { format: "hostname" }, instance: `${"a".repeat(64)}.com`, valid: false }],
  ["hostname trailing dot (FQDN)", { schema: { format: "hostname" }, instance: "example.com.", valid: true }],
  [
    "hostname 253 chars",
    {
      schema: { format: "hostname" },
      instance: `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`,
      valid: true,
    },
  ],
  [
    "hostname 254 chars",
    {
      schema: { format: "hostname" },
      instance: `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}`,
      valid: false,
    },
  ],
  ["hostname underscore", { schema: { format: "hostname" }, instance: "a_b.com", valid: false }],
  ["format applies to strings only", { schema: { format: "email" }, instance: 42, valid: true }],
  [
    "nullable string takes null (OAS 3.0)",
    { dialect: "openapi-3.0", schema: { type: "string", nullable: true }, instance: null, valid: true },
  ],
  [
    "nullable enum takes null (as the normaliser maps it)",
    { dialect: "openapi-3.0", schema: { type: "string", enum: ["a"], nullable: true }, instance: null, valid: true },
  ],
  // JSON Schema 2020-12 has no `nullable`; ajv applies it in every draft.
  [
    "nullable is a plain annotation in 3.1",
    { dialect: "openapi-3.1", schema: { type: "string", nullable: true }, instance: null, valid: false, ajv: true },
  ],
  [
    "draft-4 exclusiveMinimum true",
    { dialect: "openapi-3.0", schema: { minimum: 0, exclusiveMinimum: true }, instance: 0, valid: false },
  ],
  [
    "draft-4 exclusiveMinimum true, just above",
    { dialect: "openapi-3.0", schema: { minimum: 0, exclusiveMinimum: true }, instance: 1e-300, valid: true },
  ],
  [
    "draft-4 exclusiveMaximum false",
    { dialect: "openapi-3.0", schema: { maximum: 5, exclusiveMaximum: false }, instance: 5, valid: true },
  ],
  [
    "draft-4 type array with null",
    { dialect: "openapi-3.0", schema: { type: ["integer", "null"] }, instance: null, valid: true },
  ],
  [
    "draft-4 array items + additionalItems false",
    {
      dialect: "openapi-3.0",
      schema: { items: [{ type: "string" }], additionalItems: false },
      instance: ["a", 1],
      valid: false,
    },
  ],
  [
    "2020 prefixItems + items false",
    { dialect: "openapi-3.1", schema: { prefixItems: [{}], items: false }, instance: [1, 2], valid: false },
  ],
  ["false schema", { dialect: "openapi-3.1", schema: false, instance: null, valid: false }],
  [
    "false property forbids it",
    { dialect: "openapi-3.1", schema: { properties: { a: false } }, instance: { a: 1 }, valid: false },
  ],
  [
    "false property allows absence",
    { dialect: "openapi-3.1", schema: { properties: { a: false } }, instance: {}, valid: true },
  ],
  ["minLength without type ignores numbers", { schema: { minLength: 2 }, instance: 5, valid: true }],
  ["minimum without type ignores strings", { schema: { minimum: 3 }, instance: "x", valid: true }],
  ["required without type ignores arrays", { schema: { required: ["a"] }, instance: [], valid: true }],
  ["maxItems without type ignores objects", { schema: { maxItems: 0 }, instance: { a: 1 }, valid: true }],
  [
    "required key outside properties under additionalProperties false",
    {
      schema: { properties: { a: {} }, required: ["b"], additionalProperties: false },
      instance: { b: 1 },
      valid: false,
    },
  ],
  [
    "patternProperties with additionalProperties false",
    {
      schema: { patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
      instance: { "x-a": "s" },
      valid: true,
    },
  ],
  [
    "patternProperties value checked",
    { schema: { patternProperties: { "^x-": { type: "string" } } }, instance: { "x-a": 1 }, valid: false },
  ],
  [
    "property matched by properties and patternProperties",
    {
      schema: { properties: { "x-a": { minLength: 2 } }, patternProperties: { "^x-": { maxLength: 2 } } },
      instance: { "x-a": "abc" },
      valid: false,
    },
  ],
  [
    "oneOf both branches match",
    { schema: { oneOf: [{ type: "integer" }, { type: "number" }] }, instance: 1, valid: false },
  ],
  [
    "oneOf one branch matches",
    { schema: { oneOf: [{ type: "integer" }, { type: "number" }] }, instance: 1.5, valid: true },
  ],
  ["not", { schema: { not: { type: "string" } }, instance: "s", valid: false }],
  [
    "recursive tree via $defs",
    {
      dialect: "openapi-3.1",
      schema: { $defs: { Tree: TREE }, $ref: "#/$defs/Tree" },
      instance: { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] },
      valid: true,
    },
  ],
  [
    "recursive tree, deep violation",
    {
      dialect: "openapi-3.1",
      schema: { $defs: { Tree: TREE }, $ref: "#/$defs/Tree" },
      instance: { value: 1, children: [{ value: 2, children: [{ value: "3" }] }] },
      valid: false,
    },
  ],
  [
    "recursive tree via definitions",
    {
      dialect: "openapi-3.0",
      schema: {
        definitions: {
          Tree: {
            ...TREE,
            properties: { ...TREE.properties, children: { type: "array", items: { $ref: "#/definitions/Tree" } } },
          },
        },
        allOf: [{ $ref: "#/definitions/Tree" }],
      },
      instance: { value: 1, children: [{ value: 2, extra: 1 }] },
      valid: false,
    },
  ],
  [
    "recursive components",
    {
      dialect: "openapi-3.1",
      schema: { $ref: "#/components/schemas/List" },
      components: {
        List: { type: "object", properties: { next: { $ref: "#/components/schemas/List" }, v: { type: "string" } } },
      },
      instance: { v: "a", next: { v: "b", next: { v: 3 } } },
      valid: false,
    },
  ],
];

function verdict(run: () => boolean): boolean | "throws" {
  try {
    return run();
  } catch {
    return "throws";
  }
}

describe("tricky cases", () => {
  it.each(TRICKY)("%s", (_name, t) => {
    const dialects = t.dialect ? [t.dialect] : DIALECTS;
    for (const dialect of dialects) {
      const c: Case = t.components
        ? { dialect, schema: t.schema, components: t.components }
        : { dialect, schema: t.schema };
      const pair = compilePair(c);
      const context = `${dialect} ${show(t.schema)} ${show(t.instance)}\nsource: ${pair.source}`;
      const raw = compileOracle(
        t.schema,
        t.components ? { dialect, components: t.components, flavour: "ajv" } : { dialect, flavour: "ajv" },
      );
      expect(
        verdict(() => raw(t.instance)),
        `raw ajv: ${context}`,
      ).toBe(t.ajv ?? t.valid);
      expect(pair.oracle(t.instance), `oracle: ${context}`).toBe(t.uncorrected ? t.ajv : t.valid);
      expect(pair.zod(t.instance), `zod: ${context}`).toBe(t.zod ?? t.valid);
    }
  });
});

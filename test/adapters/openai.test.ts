// OpenAI adapter: strict-mode lowering tables, a strict-schema checker (ours and the SDK's), the call path, Responses variant.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toStrictJsonSchema } from "openai/lib/transform";
import {
  OPENAI_STRICT_FORMATS,
  OPENAI_STRICT_KEYWORDS,
  lowerSchemaForOpenAIStrict,
  restoreStrictArguments,
  toOpenAIResponsesTools,
  toOpenAITools,
} from "../../src/runtime/adapters/openai.js";
import { fakeTools } from "../support/fake-tools.js";

type Schema = Record<string, unknown>;
const obj = (properties: Schema, required: string[] = Object.keys(properties)): Schema => ({
  type: "object",
  properties,
  required,
});
const closed = (properties: Schema): Schema => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const GENERIC = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "$ref",
  "$defs",
  "description",
  "title",
]);

/** Every violation of the strict-mode rules in a lowered schema, as `pointer: problem`. */
function strictViolations(schema: unknown, pointer = "", root = true): string[] {
  if (typeof schema !== "object" || schema === null) return [`${pointer}: not a schema object`];
  const node = schema as Schema;
  const problems: string[] = [];
  const types = Array.isArray(node.type)
    ? (node.type as string[])
    : node.type === undefined
      ? []
      : [node.type as string];
  const allowed = new Set([...GENERIC, ...types.flatMap((type) => OPENAI_STRICT_KEYWORDS[type] ?? [])]);
  for (const key of Object.keys(node)) if (!allowed.has(key)) problems.push(`${pointer}: keyword ${key}`);
  if (root && (node.type !== "object" || node.anyOf !== undefined))
    problems.push(`${pointer}: root must be a plain object`);
  if (node.$ref !== undefined && Object.keys(node).length > 1) problems.push(`${pointer}: $ref with siblings`);
  if (typeof node.format === "string" && !OPENAI_STRICT_FORMATS.has(node.format))
    problems.push(`${pointer}: format ${node.format}`);
  if (node.type === undefined && node.anyOf === undefined && node.$ref === undefined)
    problems.push(`${pointer}: no type`);
  if (types.includes("object")) {
    if (node.additionalProperties !== false) problems.push(`${pointer}: additionalProperties is not false`);
    const keys = Object.keys((node.properties as Schema | undefined) ?? {});
    if (JSON.stringify(node.required) !== JSON.stringify(keys)) problems.push(`${pointer}: required ≠ properties`);
  }
  if (types.includes("array") && node.items === undefined) problems.push(`${pointer}: array without items`);
  for (const [key, sub] of Object.entries((node.properties as Schema | undefined) ?? {}))
    problems.push(...strictViolations(sub, `${pointer}/properties/${key}`, false));
  for (const [key, sub] of Object.entries((node.$defs as Schema | undefined) ?? {}))
    problems.push(...strictViolations(sub, `${pointer}/$defs/${key}`, false));
  if (node.items !== undefined) problems.push(...strictViolations(node.items, `${pointer}/items`, false));
  for (const [index, sub] of ((node.anyOf as unknown[] | undefined) ?? []).entries())
    problems.push(...strictViolations(sub, `${pointer}/anyOf/${index}`, false));
  return problems;
}

const lowerTable: [string, { given: Schema; want: Schema }][] = [
  [
    "closes objects and keeps required fields",
    { given: obj({ a: { type: "string" } }), want: closed({ a: { type: "string" } }) },
  ],
  [
    "optional scalar → required + nullable",
    {
      given: obj({ a: { type: "integer", minimum: 1 } }, []),
      want: closed({
        a: { type: ["integer", "null"], minimum: 1, description: "Constraints: optional: null means omitted." },
      }),
    },
  ],
  [
    "optional enum gets null in type and enum",
    {
      given: obj({ s: { type: "string", enum: ["a", "b"], default: "a" } }, []),
      want: closed({
        s: {
          type: ["string", "null"],
          enum: ["a", "b", null],
          description: "Constraints: if left out, the API's default (a) applies; optional: null means omitted.",
        },
      }),
    },
  ],
  [
    "nested objects closed at every level, optional object → anyOf with null",
    {
      given: obj({ outer: obj({ inner: obj({ x: { type: "number" } }) }, []) }, []),
      want: closed({
        outer: {
          description: "Constraints: optional: null means omitted.",
          anyOf: [
            closed({
              inner: {
                description: "Constraints: optional: null means omitted.",
                anyOf: [closed({ x: { type: "number" } }), { type: "null" }],
              },
            }),
            { type: "null" },
          ],
        },
      }),
    },
  ],
  [
    "arrays: items lowered, minItems/maxItems kept, uniqueItems in words",
    {
      given: obj({
        tags: { type: "array", items: { type: "string", maxLength: 10 }, minItems: 1, maxItems: 5, uniqueItems: true },
      }),
      want: closed({
        tags: {
          type: "array",
          items: { type: "string", description: "Constraints: at most 10 characters." },
          minItems: 1,
          maxItems: 5,
          description: "Constraints: no item may repeat.",
        },
      }),
    },
  ],
  [
    "a constraint the description already states is not repeated",
    {
      given: obj({
        email: { type: "string", maxLength: 254, minLength: 3, description: "Email address; at most 254 characters" },
      }),
      want: closed({
        email: {
          type: "string",
          description: "Email address; at most 254 characters. Constraints: at least 3 characters.",
        },
      }),
    },
  ],
  [
    "a constraint the generator worded is found in its own words (not empty = at least 1 character)",
    {
      given: obj({ owner: { type: "string", minLength: 1, description: "The account owner. Not empty" } }),
      want: closed({ owner: { type: "string", description: "The account owner. Not empty" } }),
    },
  ],
  [
    "a phrase is said only as a whole: `default (30)` does not say `default (3)`",
    {
      given: obj({
        n: {
          type: "string",
          minLength: 2,
          default: "3",
          description: "Count. If left out, the API's default (30) applies",
        },
      }),
      want: closed({
        n: {
          type: "string",
          description:
            "Count. If left out, the API's default (30) applies. Constraints: at least 2 characters; if left out, the " +
            "API's default (3) applies.",
        },
      }),
    },
  ],
  [
    "strings: supported format and pattern kept, others moved into the description",
    {
      given: obj({
        when: { type: "string", format: "date-time" },
        site: { type: "string", format: "uri", minLength: 3, description: "Home page" },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
        word: { type: "string", pattern: "^(?!x).*$" },
      }),
      want: closed({
        when: { type: "string", format: "date-time" },
        site: { type: "string", description: "Home page. Constraints: at least 3 characters; format uri." },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
        word: { type: "string", description: "Constraints: matches `^(?!x).*$`." },
      }),
    },
  ],
  [
    "numbers keep all supported bounds",
    {
      given: obj({ n: { type: "number", minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 } }),
      want: closed({ n: { type: "number", minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 } }),
    },
  ],
  [
    "anyOf branches lowered; oneOf → anyOf; const → enum",
    {
      given: obj({
        u: { anyOf: [{ type: "string" }, obj({ k: { const: 3 } })] },
        o: { oneOf: [{ type: "string", const: "x" }, { type: "integer" }] },
      }),
      want: closed({
        u: { anyOf: [{ type: "string" }, closed({ k: { type: "integer", enum: [3] } })] },
        o: { anyOf: [{ type: "string", enum: ["x"] }, { type: "integer" }] },
      }),
    },
  ],
  [
    "$defs lowered, definitions refs rewritten, $ref siblings wrapped, optional $ref nullable",
    {
      given: {
        ...obj({ a: { $ref: "#/definitions/Pet", description: "the pet" }, b: { $ref: "#/$defs/Tag" } }, ["a"]),
        definitions: { Pet: obj({ name: { type: "string" }, tag: { $ref: "#/$defs/Tag" } }, ["name"]) },
        $defs: { Tag: { type: "string", maxLength: 5 } },
      },
      want: {
        ...closed({
          a: { description: "the pet", anyOf: [{ $ref: "#/$defs/Pet" }] },
          b: {
            description: "Constraints: optional: null means omitted.",
            anyOf: [{ $ref: "#/$defs/Tag" }, { type: "null" }],
          },
        }),
        $defs: {
          Pet: closed({
            name: { type: "string" },
            tag: {
              description: "Constraints: optional: null means omitted.",
              anyOf: [{ $ref: "#/$defs/Tag" }, { type: "null" }],
            },
          }),
          Tag: { type: "string", description: "Constraints: at most 5 characters." },
        },
      },
    },
  ],
  ["recursive root ref kept", { given: obj({ child: { $ref: "#" } }), want: closed({ child: { $ref: "#" } }) }],
  [
    "maps become key/value entries; min/maxProperties become min/maxItems",
    {
      given: obj({
        meta: {
          type: "object",
          propertyNames: { type: "string" },
          additionalProperties: { type: "number" },
          maxProperties: 3,
        },
      }),
      want: closed({
        meta: {
          type: "array",
          description: "A map given as key/value entries, each key at most once.",
          items: closed({ key: { type: "string" }, value: { type: "number" } }),
          maxItems: 3,
        },
      }),
    },
  ],
  [
    "tuples become arrays of the union of positions, order in words",
    {
      given: obj({
        pair: {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "number" }],
          items: false,
          minItems: 2,
          maxItems: 2,
        },
      }),
      want: closed({
        pair: {
          type: "array",
          items: { anyOf: [{ type: "string" }, { type: "number" }] },
          minItems: 2,
          maxItems: 2,
          description: 'Constraints: in order: item 1 {"type":"string"}, item 2 {"type":"number"}.',
        },
      }),
    },
  ],
  [
    "allOf merged into one closed object",
    {
      given: obj({ m: { allOf: [obj({ p: { type: "string" } }), obj({ q: { type: "number" } })] } }),
      want: closed({ m: closed({ p: { type: "string" }, q: { type: "number" } }) }),
    },
  ],
  [
    "untyped value → scalar union with a note; $schema dropped",
    {
      given: { $schema: "https://json-schema.org/draft/2020-12/schema", ...obj({ v: {} }) },
      want: closed({
        v: {
          type: ["string", "number", "boolean", "null"],
          description:
            "Constraints: any JSON value; strict mode can only carry a string, number, boolean or null here.",
        },
      }),
    },
  ],
  [
    "nullable multi-type with object → anyOf",
    {
      given: obj({ x: { type: ["object", "string", "null"], properties: { a: { type: "string" } }, required: ["a"] } }),
      want: closed({ x: { anyOf: [closed({ a: { type: "string" } }), { type: "string" }, { type: "null" }] } }),
    },
  ],
];

describe("lowerSchemaForOpenAIStrict", () => {
  it.each(lowerTable)("%s", (_name, { given, want }) => {
    const before = JSON.stringify(given);
    const lowered = lowerSchemaForOpenAIStrict(given);
    expect(lowered).toEqual(want);
    expect(JSON.stringify(given)).toBe(before);
    expect(strictViolations(lowered)).toEqual([]);
  });

  it.each(lowerTable)("the OpenAI SDK's own strict transform accepts %s unchanged", (_name, { given }) => {
    const lowered = lowerSchemaForOpenAIStrict(given);
    expect(toStrictJsonSchema(lowered as never)).toEqual(lowered);
  });

  it("rejects a non-object root", () => {
    expect(() => lowerSchemaForOpenAIStrict({ type: "string" })).toThrow(/object at the root/);
  });
});

const rich = z.object({
  id: z.string().min(2).describe("Id"),
  note: z.string().max(20).optional(),
  clear: z.string().nullable().optional(),
  limit: z.number().int().min(1).max(100).default(10),
  labels: z.record(z.string(), z.number()).optional(),
  filter: z.union([
    z.object({ kind: z.literal("name"), name: z.string() }),
    z.object({ kind: z.literal("tag"), tags: z.array(z.string()).optional() }),
  ]),
  window: z.tuple([z.string(), z.number()]).optional(),
  email: z.email().optional(),
});

describe("restoreStrictArguments", () => {
  const original = z.toJSONSchema(rich, { io: "input" }) as Schema;
  const table: [string, { given: unknown; want: unknown }][] = [
    [
      "null for an optional field means absent; maps come back from entries",
      {
        given: {
          id: "ab",
          note: null,
          clear: null,
          limit: null,
          labels: [{ key: "a", value: 1 }],
          filter: { kind: "tag", tags: null },
          window: ["w", 2],
          email: null,
        },
        want: { id: "ab", labels: { a: 1 }, filter: { kind: "tag" }, window: ["w", 2] },
      },
    ],
    [
      "values pass through untouched",
      {
        given: {
          id: "ab",
          note: "n",
          clear: "c",
          limit: 5,
          labels: null,
          filter: { kind: "name", name: "x" },
          window: null,
          email: "a@b.co",
        },
        want: { id: "ab", note: "n", clear: "c", limit: 5, filter: { kind: "name", name: "x" }, email: "a@b.co" },
      },
    ],
  ];
  it.each(table)("%s", (_name, { given, want }) => {
    const restored = restoreStrictArguments(original, given);
    expect(restored).toEqual(want);
    expect(rich.safeParse(restored).success).toBe(true);
  });

  it("the lowered rich schema is strict by both checkers", () => {
    const lowered = lowerSchemaForOpenAIStrict(original);
    expect(strictViolations(lowered)).toEqual([]);
    expect(toStrictJsonSchema(lowered as never)).toEqual(lowered);
    expect(JSON.stringify(lowered)).toContain("at least 2 characters");
  });
});

describe("toOpenAITools", () => {
  const { definitions, call } = toOpenAITools(fakeTools);

  it("defines strict function tools whose parameters pass the strict checks", () => {
    expect(definitions.map((d) => [d.type, d.function.name, d.function.strict])).toEqual([
      ["function", "get_pet", true],
      ["function", "delete_pet", true],
    ]);
    expect(definitions[0]!.function.description).toBe("Fetch one pet by id.");
    for (const definition of definitions) {
      expect(strictViolations(definition.function.parameters)).toEqual([]);
      expect(toStrictJsonSchema(definition.function.parameters as never)).toEqual(definition.function.parameters);
    }
    expect(definitions[0]!.function.parameters).toMatchObject({
      properties: { pet_id: { type: "string", description: "The pet's id. Constraints: not empty." } },
    });
  });

  it("call turns null back into absent and returns the result's JSON", async () => {
    expect(JSON.parse(await call("get_pet", JSON.stringify({ pet_id: "p1", fields: null })))).toEqual({
      id: "p1",
      name: "Rex",
    });
  });

  it("call returns envelopes for invalid arguments, bad JSON and unknown tools", async () => {
    expect(JSON.parse(await call("get_pet", '{"pet_id": 3, "fields": null}'))).toMatchObject({
      error: { code: "INVALID_ARGUMENT", field: "pet_id" },
    });
    expect(JSON.parse(await call("get_pet", "{oops"))).toMatchObject({ error: { code: "INVALID_ARGUMENT" } });
    expect(JSON.parse(await call("nope", "{}"))).toMatchObject({
      error: { code: "INVALID_ARGUMENT", suggestion: "Call one of: get_pet, delete_pet." },
    });
  });
});

describe("toOpenAIResponsesTools", () => {
  it("defines Responses API function tools with the same parameters", async () => {
    const responses = toOpenAIResponsesTools(fakeTools);
    const chat = toOpenAITools(fakeTools);
    expect(responses.definitions[0]).toEqual({
      type: "function",
      name: "get_pet",
      description: "Fetch one pet by id.",
      parameters: chat.definitions[0]!.function.parameters,
      strict: true,
    });
    expect(JSON.parse(await responses.call("get_pet", '{"pet_id":"p2","fields":["name"]}'))).toEqual({
      id: "p2",
      name: "Rex",
    });
  });
});

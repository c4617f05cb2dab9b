// schemaToDepth and briefDescriptions: an advertised input schema cut to a depth of properties (what is cut keeps its type and description), and descriptions cut to their first sentence.
import { describe, expect, it } from "vitest";
import {
  BRIEF_MARK,
  briefDescriptions,
  briefText,
  CUT_MARK,
  CUT_NOTE,
  cutAway,
  OUTLINE_MARK,
  schemaToDepth,
} from "../../src/runtime/adapters/shared.js";

const object = { type: "object", properties: { a: { type: "string" } } };

describe("schemaToDepth", () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ["its own type", { description: "Spec.", ...object }, { type: "object", description: `Spec. ${CUT_MARK}` }],
    ["object from properties", { properties: { a: { type: "string" } } }, { type: "object", description: CUT_MARK }],
    ["array from items", { items: object }, { type: "array", description: CUT_MARK }],
    ["through a $defs ref", { $ref: "#/$defs/Spec" }, { type: "object", description: CUT_MARK }],
    [
      // Zod writes a described shared schema as `allOf: [{ $ref }]` beside its description.
      "through allOf of a $defs ref",
      { description: "The pod's spec.", allOf: [{ $ref: "#/$defs/Spec" }] },
      { type: "object", description: `The pod's spec. ${CUT_MARK}` },
    ],
    ["a recursive ref ends", { $ref: "#/$defs/Loop" }, { description: CUT_MARK }],
    // Stripe's bank_account: "Either a token … or a dictionary".
    ["a union's types", { anyOf: [object, { type: "string" }] }, { type: ["object", "string"], description: CUT_MARK }],
    [
      "one type a union's branches share",
      { oneOf: [object, { $ref: "#/$defs/Spec" }] },
      { type: "object", description: CUT_MARK },
    ],
    ["no type where a union's branch has none", { anyOf: [object, { not: {} }] }, { description: CUT_MARK }],
  ])("a cut property keeps %s", (_, spec, want) => {
    const schema = {
      type: "object",
      properties: { spec },
      $defs: { Spec: object, Loop: { allOf: [{ $ref: "#/$defs/Loop" }] } },
    };
    const cut = schemaToDepth(schema, 0);
    expect((cut["properties"] as Record<string, unknown>)["spec"]).toEqual(want);
    expect(cut["description"]).toBe(CUT_NOTE);
    expect(cut["$defs"]).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      // Vonage's branches are allOf of an object and a degraded `anyOf` of every type: the object part says the type.
      "the type every allOf part allows",
      { allOf: [{ anyOf: ["null", "boolean", "object", "string"].map((type) => ({ type })) }, object] },
      { type: "object", description: CUT_MARK },
    ],
    ["no type where allOf parts share none", { allOf: [{ type: "string" }, object] }, { description: CUT_MARK }],
  ])("a cut property keeps %s", (_, spec, want) => {
    const cut = schemaToDepth({ type: "object", properties: { spec } }, 0);
    expect((cut["properties"] as Record<string, unknown>)["spec"]).toEqual(want);
  });

  const sms = {
    allOf: [
      {
        type: "object",
        properties: { to: { type: "string", description: "The recipient." }, channel: {} },
        required: ["to", "channel"],
      },
      { $ref: "#/$defs/Sms" },
    ],
  };
  const Sms = {
    type: "object",
    description: "An SMS.",
    properties: {
      channel: { type: "string", enum: ["sms"], description: "Must be sms." },
      text: {
        allOf: [
          { type: "string", maxLength: 1000 },
          { type: "string", enum: ["hi", "bye"] },
        ],
      },
    },
    required: ["text"],
  };
  const image = {
    type: "object",
    properties: {
      channel: { const: "mms" },
      image: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
      size: { type: "string", enum: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] },
    },
    required: ["channel", "image"],
  };
  it.each<[string, Record<string, unknown>, unknown]>([
    [
      "each alternative's own fields, merged over allOf parts and $refs, with the values that tell them apart",
      { description: "Send a message.", oneOf: [sms, { anyOf: [image, { type: "string" }] }] },
      {
        anyOf: [
          {
            type: "object",
            properties: {
              to: { type: "string" },
              channel: { type: "string", enum: ["sms"] },
              text: { type: "string", enum: ["hi", "bye"] },
            },
            required: ["to", "channel", "text"],
          },
          {
            type: "object",
            properties: {
              channel: { const: "mms" },
              image: { type: "object", description: CUT_MARK },
              size: { type: "string" },
            },
            required: ["channel", "image"],
          },
          { type: "string" },
        ],
        description: `Send a message. ${CUT_MARK}`,
      },
    ],
    [
      "only the type of a union no alternative of which has fields",
      { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
      { type: ["string", "array"], description: CUT_MARK },
    ],
    ["only the type of an object that is no union", object, { type: "object", description: CUT_MARK }],
    [
      "the description of a field with no type (else `{}`), a typed one met later winning",
      {
        oneOf: [
          {
            allOf: [
              { type: "object", properties: { message: { description: "No type given." }, to: { description: "d" } } },
              { type: "object", properties: { to: { type: "string" } } },
            ],
          },
          { type: "object", properties: { id: { type: "string" } } },
        ],
      },
      {
        anyOf: [
          { type: "object", properties: { message: { description: "No type given." }, to: { type: "string" } } },
          { type: "object", properties: { id: { type: "string" } } },
        ],
        description: CUT_MARK,
      },
    ],
  ])("an outlined cut keeps %s", (_, body, want) => {
    const schema = { type: "object", properties: { body }, $defs: { Sms } };
    const cut = schemaToDepth(schema, 0, CUT_NOTE, true);
    expect((cut["properties"] as Record<string, unknown>)["body"]).toEqual(want);
    expect(cut["$defs"]).toBeUndefined();
    const plain = schemaToDepth(schema, 0);
    expect((plain["properties"] as Record<string, unknown>)["body"]).not.toHaveProperty("anyOf");
  });

  it("keeps what is within the depth whole, and the $defs it still uses", () => {
    const schema = { type: "object", properties: { spec: { $ref: "#/$defs/Spec" } }, $defs: { Spec: object } };
    expect(schemaToDepth(schema, 1)).toEqual({ ...schema, description: CUT_NOTE });
  });
});

describe("briefText", () => {
  it.each<[string, string, string]>([
    [
      "the first sentence",
      "Bing uses this header to provide users with consistent behavior across Bing API calls. Bing often flights new features.",
      `Bing uses this header to provide users with consistent behavior across Bing API calls. ${BRIEF_MARK}`,
    ],
    [
      "the first line",
      "A list of fields\nOne per line, comma separated, as the API returns them",
      `A list of fields ${BRIEF_MARK}`,
    ],
    [
      "a first sentence over 160 characters, cut at a word",
      `${"word ".repeat(40)}end. More.`,
      `${"word ".repeat(31)}word… ${BRIEF_MARK}`,
    ],
    ["text no shorter left whole", "One sentence only.", "One sentence only."],
    ["a sentence the mark would lengthen left whole", "Short. Then a bit.", "Short. Then a bit."],
  ])("keeps %s", (_, text, want) => {
    expect(briefText(text)).toBe(want);
  });
});

describe("briefDescriptions", () => {
  it("cuts the named top-level properties' descriptions only, keeping every other keyword", () => {
    const long = "First sentence here. And a second sentence that goes on for a while to be cut away.";
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", pattern: "^a$", description: long },
        b: { type: "integer", minimum: 1, description: long },
        ["__proto__"]: { type: "string", description: long },
      },
      required: ["b"],
    };
    const cut = briefDescriptions(JSON.parse(JSON.stringify(schema)), ["a", "__proto__"]);
    const properties = cut["properties"] as Record<string, Record<string, unknown>>;
    expect(properties["a"]).toEqual({
      type: "string",
      pattern: "^a$",
      description: `First sentence here. ${BRIEF_MARK}`,
    });
    expect(properties["b"]).toEqual(schema.properties.b);
    expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({
      type: "string",
      description: `First sentence here. ${BRIEF_MARK}`,
    });
    expect(briefDescriptions(schema, [])).toBe(schema);
  });
});

describe("schemaToDepth past the depth: open and outlined paths", () => {
  const mail = {
    type: "object",
    required: ["from", "to"],
    properties: {
      from: { type: "object", required: ["email"], properties: { email: { type: "string", description: "Sender." } } },
      to: { type: "array", items: { type: "object", required: ["email"], properties: { email: { type: "string" } } } },
      settings: {
        type: "object",
        description: "Options.",
        properties: { footer: { type: "object", properties: { text: { type: "string" } } }, on: { type: "boolean" } },
      },
    },
  };
  const cut = { description: CUT_MARK };
  it.each<[string, string[], string[], Record<string, unknown>]>([
    [
      "nothing opened",
      [],
      [],
      { from: { type: "object", ...cut }, settings: { type: "object", description: `Options. ${CUT_MARK}` } },
    ],
    [
      "an object opened: its fields with their descriptions",
      ["/properties/from"],
      [],
      {
        from: {
          type: "object",
          required: ["email"],
          properties: { email: { type: "string", description: "Sender." } },
        },
      },
    ],
    [
      "an array opened: its items' fields",
      ["/properties/to"],
      [],
      {
        to: {
          type: "array",
          items: { type: "object", required: ["email"], properties: { email: { type: "string" } } },
        },
      },
    ],
    [
      "an object outlined: names and types, a nested field marked",
      [],
      ["/properties/settings"],
      {
        settings: {
          type: "object",
          properties: { footer: { type: "object", ...cut }, on: { type: "boolean" } },
          description: `Options. ${OUTLINE_MARK}`,
        },
      },
    ],
    [
      "an outlined field of an outlined object",
      [],
      ["/properties/settings", "/properties/settings/properties/footer"],
      {
        settings: {
          type: "object",
          properties: {
            footer: { type: "object", properties: { text: { type: "string" } }, description: OUTLINE_MARK },
            on: { type: "boolean" },
          },
          description: `Options. ${OUTLINE_MARK}`,
        },
      },
    ],
  ])("%s", (_, open, outlined, want) => {
    const shown = schemaToDepth(mail, 0, CUT_NOTE, false, open, outlined) as { properties: Record<string, unknown> };
    expect(shown.properties).toMatchObject(want);
  });

  it.each<[string, string[], string[], string[]]>([
    [
      "the top's cut fields, required ones marked R",
      [],
      [],
      ["R /properties/from", "R /properties/to", "- /properties/settings"],
    ],
    ["an opened array's cut items", ["/properties/to"], [], ["R /properties/from", "- /properties/settings"]],
    [
      "an outlined object's nested fields, listed (only outlined in turn)",
      [],
      ["/properties/settings"],
      ["R /properties/from", "R /properties/to", "- /properties/settings/properties/footer listed"],
    ],
  ])("cutAway: %s", (_, open, outlined, want) => {
    const found = cutAway(mail, 0, open, outlined).map(
      (n) => `${n.required ? "R" : "-"} ${n.path}${n.listed ? " listed" : ""}`,
    );
    expect(found).toEqual(want);
  });
});

// RFC 6901 JSON pointers: one parser and one escaping, owned by the runtime and used by the generator.
import { describe, expect, test } from "vitest";
import { schemaToZod } from "../../src/index.js";
import { escapeToken, formatPointer, pointerTokens, unescapeToken } from "../../src/runtime/expressions/pointer.js";
import { escapeToken as generatorEscape, join, split } from "../../src/util/pointer.js";

describe("pointerTokens", () => {
  test.each<[string, string[]]>([
    ["", []],
    ["#", []],
    ["/", [""]],
    ["/a/b", ["a", "b"]],
    ["#/components/schemas/Pet", ["components", "schemas", "Pet"]],
    ["/paths/~1pets~1{petId}/get", ["paths", "/pets/{petId}", "get"]],
    ["/a~0b", ["a~b"]],
    ["/~01", ["~1"]],
    ["/items/0", ["items", "0"]],
  ])("%j", (pointer, want) => {
    expect(pointerTokens(pointer)).toEqual(want);
  });
});

describe("escaping", () => {
  test.each(["plain", "a/b", "a~b", "~1", "/~0/"])("%j round-trips", (token) => {
    expect(unescapeToken(escapeToken(token))).toBe(token);
    expect(pointerTokens(formatPointer([token]))).toEqual([token]);
  });

  test("the generator's helpers are the runtime's", () => {
    expect(join("/paths", "/pets", "get")).toBe("/paths/~1pets/get");
    expect(split("#/paths/~1pets/get")).toEqual(pointerTokens("/paths/~1pets/get"));
  });

  test.each(["", "plain", "a/b", "a~b", "~1", "/~0/", "~", "/", "~~//", "application/json", "é~/x"])(
    "the generator's escapeToken (plain tokens returned as they are) and join give the runtime's text for %j",
    (token) => {
      expect(generatorEscape(token)).toBe(escapeToken(token));
      expect(join("/a", token)).toBe(`/a${formatPointer([token])}`);
      expect(join("/a", token, 3, token)).toBe(`/a${formatPointer([token, "3", token])}`);
    },
  );
});

describe("names derived from a ref's last token are unescaped first", () => {
  test("`#/$defs/a~1b` hoists as aBSchema, `#/$defs/c~0d` as cDSchema", () => {
    const source = schemaToZod(
      {
        $defs: { "a/b": { type: "string" }, "c~d": { type: "number" } },
        type: "object",
        properties: { x: { $ref: "#/$defs/a~1b" }, y: { $ref: "#/$defs/c~0d" } },
      },
      { dialect: "openapi-3.1" },
    );
    expect(source).toContain("const aBSchema = z.string()");
    expect(source).toContain("const cDSchema = z.number()");
  });
});

// The code builder and its printer: each construct, nesting, breaking at 120 columns, string pieces, escaping.
import { describe, expect, it } from "vitest";
import {
  array,
  arrow,
  atom,
  block,
  type Code,
  chain,
  commented,
  constDecl,
  importDecl,
  link,
  object,
  statement,
  str,
  valueToCode,
  zod,
} from "../../src/emit/code.js";
import { jsString } from "../../src/emit/escape.js";
import {
  commentLines,
  flat,
  isIdentifier,
  literalLength,
  literalWidth,
  PRINT_WIDTH,
  print,
  splitString,
} from "../../src/emit/print.js";

const evaluate = (code: Code): unknown => new Function(`return (${print(code)});`)();
const widest = (text: string): number => Math.max(...text.split("\n").map((line) => [...line].length));

describe("printing each construct flat", () => {
  it.each<[string, Code, string]>([
    ["atom", atom("z"), "z"],
    ["string", str('say "hi"\n'), '"say \\"hi\\"\\n"'],
    ["call", zod("string"), "z.string()"],
    [
      "chain",
      chain(zod("string"), [link("min", atom("1")), link("describe", str("Name"))]),
      'z.string().min(1).describe("Name")',
    ],
    [
      "object",
      object([
        ["a", atom("1")],
        ["b-c", atom("2")],
      ]),
      '{ a: 1, "b-c": 2 }',
    ],
    ["empty object", object([]), "{}"],
    ["array", array([atom("1"), atom("2")]), "[1, 2]"],
    ["empty array", array([]), "[]"],
    ["arrow", arrow("(s)", atom("s.length")), "(s) => s.length"],
    ["arrow to object", arrow("()", object([["a", atom("1")]])), "() => ({ a: 1 })"],
    [
      "block",
      arrow("(n)", block([statement("const m = n"), statement("return m")])),
      "(n) => { const m = n; return m; }",
    ],
    ["import", importDecl(["a", "b"], "./x.js"), 'import { a, b } from "./x.js";'],
    ["const", constDecl({ exported: true, name: "x", type: "T", value: atom("1") }), "export const x: T = 1;"],
    ["comment outside an object", commented("why", atom("x")), "/* why */ x"],
  ])("%s", (_name, code, want) => {
    expect(print(code)).toBe(want);
    expect(flat(code)).toBe(want);
  });
});

describe("breaking at the limit", () => {
  const long = (n: number): Code => str("x".repeat(n));

  it("keeps a line of exactly PRINT_WIDTH columns and breaks one column more", () => {
    const fits = constDecl({
      name: "a",
      value: zod("literal", long(PRINT_WIDTH - "const a = z.literal();".length - 2)),
    });
    expect(print(fits)).not.toContain("\n");
    expect(widest(print(fits))).toBe(PRINT_WIDTH);
    const over = constDecl({
      name: "a",
      value: zod("literal", long(PRINT_WIDTH - "const a = z.literal();".length - 1)),
    });
    expect(print(over)).toContain("\n");
  });

  it("breaks a chain one call per line, innermost parts flat when they fit", () => {
    const fits = chain(zod("string"), [link("min", atom("1")), link("describe", long(100))]);
    expect(print(fits)).toBe(`z\n  .string()\n  .min(1)\n  .describe("${"x".repeat(100)}")`);
    const over = chain(zod("string"), [link("min", atom("1")), link("describe", long(110))]);
    expect(print(over)).toBe(`z\n  .string()\n  .min(1)\n  .describe(\n    "${"x".repeat(110)}",\n  )`);
  });

  it("hugs a single object argument and breaks it one member per line with a trailing comma", () => {
    const code = zod(
      "strictObject",
      object([
        ["first", long(60)],
        ["second", long(60)],
      ]),
    );
    expect(print(code)).toBe(`z.strictObject({\n  first: "${"x".repeat(60)}",\n  second: "${"x".repeat(60)}",\n})`);
  });

  it("breaks nested arrays and objects only as deep as needed", () => {
    const code = object([["outer", array([object([["a", atom("1")]]), long(110)])]]);
    expect(print(code)).toBe(`{\n  outer: [\n    { a: 1 },\n    "${"x".repeat(110)}",\n  ],\n}`);
  });

  it("breaks a block one statement per line", () => {
    const code = arrow("(o)", block([statement("const a = ", long(60)), statement("return ", long(60))]));
    expect(print(code)).toBe(`(o) => {\n  const a = "${"x".repeat(60)}";\n  return "${"x".repeat(60)}";\n}`);
  });

  it("puts a comment of an object member on the line above it", () => {
    const code = object([["n", commented("integers past 2^53", chain(zod("number"), [link("optional")]))]]);
    expect(print(code)).toBe("{\n  // integers past 2^53\n  n: z.number().optional(),\n}");
  });

  it("starts at the given column and indents every following line", () => {
    const code = zod(
      "strictObject",
      object([
        ["a", long(100)],
        ["b", long(10)],
      ]),
    );
    const text = print(code, { indent: 4, column: 20 });
    expect(text.split("\n").slice(1)).toEqual([
      `      a: "${"x".repeat(100)}",`,
      `      b: "${"x".repeat(10)}",`,
      "    })",
    ]);
  });

  it("is deterministic", () => {
    const code = valueToCode({ a: ["x".repeat(80), { b: "y".repeat(90) }], c: "z".repeat(300) }, { split: true });
    expect(print(code)).toBe(print(code));
  });
});

describe("strings", () => {
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");

  it("never splits a string that fits, nor one whose type is a literal", () => {
    expect(print(str("a b c", true))).toBe('"a b c"');
    const literal = constDecl({ name: "x", value: zod("literal", str(words)) });
    expect(
      print(literal)
        .split("\n")
        .filter((l) => l.includes('"')),
    ).toHaveLength(1);
  });

  it("writes free text too long for its line as pieces of at most PRINT_WIDTH columns that join back to it", () => {
    const code = constDecl({ name: "x", value: object([["description", str(words, true)]]) });
    const text = print(code);
    expect(widest(text)).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(text.split("\n").length).toBeGreaterThan(3);
    expect(new Function(`${text} return x.description;`)()).toBe(words);
  });

  it.each([
    ["spaces", "a b c d e f", 4],
    ["one long word", "abcdefghij", 5],
    ["escapes stay whole", 'a"b"c"d"e"f', 6],
    ["surrogate pairs stay whole", "😀😀😀😀😀😀", 6],
  ])("splitString: %s", (_name, value, room) => {
    const pieces = splitString(value, room, room);
    expect(pieces.join("")).toBe(value);
    for (const piece of pieces) {
      expect(piece).not.toBe("");
      expect(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/u.test(piece)).toBe(false);
    }
  });

  it("measures every code point's literal width as the escaper writes it", () => {
    const chars = [
      ...Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)),
      ...[0x1f600, 0xe0001, 0xf0000, 0x10ffff].map((c) => String.fromCodePoint(c)),
    ];
    expect(chars.filter((c) => literalWidth(c) !== jsString(c).length - 2)).toEqual([]);
  });

  it("measures a word's literal length as the escaper writes it (ASCII without building the literal)", () => {
    const alphabet = [
      "a",
      " ",
      '"',
      "\\",
      "~",
      "\u007f",
      "\u0000",
      "\n",
      "\t",
      "\u00e9",
      "\u2028",
      "\u202e",
      "\ud83d\ude00",
      "\ud800",
    ];
    let seed = 29;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const words = Array.from({ length: 3000 }, () =>
      Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(""),
    );
    expect(words.filter((w) => literalLength(w) !== jsString(w).length - 2)).toEqual([]);
  });

  it("writes a key bare exactly when it is an identifier by /^[A-Za-z_$][A-Za-z0-9_$]*$/", () => {
    const chars = Array.from({ length: 0x180 }, (_, i) => String.fromCharCode(i));
    let seed = 5;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const keys = [
      "",
      "__proto__",
      "\ud83d\ude00",
      ...chars,
      ...Array.from({ length: 3000 }, () =>
        Array.from(
          { length: 1 + (next() % 5) },
          () => ["a", "Z", "_", "$", "0", "9", "-", " ", "\u00e9"][next() % 9],
        ).join(""),
      ),
    ];
    expect(keys.filter((k) => isIdentifier(k) !== /^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(k))).toEqual([]);
  });

  it("escapes line separators, bidi controls and quotes through the one escaper", () => {
    const text = print(str('a\u2028b\u2029c\u202ed"e</script>'));
    expect(text).toBe('"a\\u2028b\\u2029c\\u202ed\\"e</script>"');
    expect(new Function(`return ${text};`)()).toBe('a\u2028b\u2029c\u202ed"e</script>');
  });
});

describe("valueToCode", () => {
  it.each<[string, unknown]>([
    ["__proto__ as an own key", JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
    ["constructor and prototype keys", { constructor: "c", prototype: { toString: "t" }, hasOwnProperty: 1 }],
    ["keys that are not identifiers", { "a-b": 1, "": 2, "200": 3, é: 4, "x y": 5 }],
    ["unicode separators", { "k\u2028": "v\u2029" }],
    ["</script> and quotes", ["</script>", "\"'`${x}`"]],
    ["big numbers", [2 ** 64, 1e21, -1e-7, Number.MAX_SAFE_INTEGER + 2, 0.1]],
    ["nested", { a: [{ b: [null, true, false, { c: "d" }] }] }],
  ])("%s reads back as the same value", (_name, value) => {
    const back = evaluate(valueToCode(value)) as object;
    expect(back).toEqual(value);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
    if (Object.hasOwn(value as object, "__proto__")) {
      expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
      expect(Object.hasOwn(back, "__proto__")).toBe(true);
    }
  });

  it("writes -0, NaN and the infinities as the numbers they are", () => {
    const back = evaluate(valueToCode([-0, Number.NaN, Infinity, -Infinity])) as number[];
    expect(Object.is(back[0], -0)).toBe(true);
    expect(Number.isNaN(back[1])).toBe(true);
    expect(back.slice(2)).toEqual([Infinity, -Infinity]);
  });

  it("drops undefined members and functions as JSON.stringify does", () => {
    expect(flat(valueToCode({ a: undefined, b: () => 1, c: [undefined, 1] }))).toBe("{ c: [null, 1] }");
  });

  it("refuses a cycle", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(() => valueToCode(cyclic)).toThrow(/cycle/u);
  });

  it("writes the same value once even when it is shared", () => {
    const shared = { a: 1 };
    expect(flat(valueToCode([shared, shared]))).toBe("[{ a: 1 }, { a: 1 }]");
  });
});

describe("commentLines", () => {
  it("wraps at spaces within PRINT_WIDTH columns", () => {
    const text = commentLines(Array.from({ length: 60 }, () => "word").join(" "), { indent: 2 });
    expect(widest(text)).toBeLessThanOrEqual(PRINT_WIDTH);
    expect(text.split("\n").every((line) => line.startsWith("  // "))).toBe(true);
  });
});

// Table tests for locating JSON pointers in JSON/YAML text and for the JSON duplicate-key scan.
import { describe, expect, it } from "vitest";
import { parseSource, sourceOfValue } from "../../src/source/source.js";
import { findDuplicateJsonKey, scanJson } from "../../src/source/json-scan.js";

/** Twelve distinct keys, `"k0":0,…,"k11":11`. */
const KEYS = Array.from({ length: 12 }, (_, i) => `"k${i}":${i}`).join(",");

const JSON_TEXT = `{
  "openapi": "3.0.3",
  "paths": {
    "/pets/{id}": {
      "get": { "parameters": [ { "name": "a" }, { "name": "b~/\\"q" } ] }
    }
  },
  "x-str": "a \\" } ] , { string"
}`;

describe("locate in JSON", () => {
  const cases: [string, { line: number; column: number }][] = [
    ["", { line: 1, column: 1 }],
    ["/openapi", { line: 2, column: 3 }],
    ["/paths/~1pets~1{id}", { line: 4, column: 5 }],
    ["/paths/~1pets~1{id}/get/parameters/1", { line: 5, column: 49 }],
    ["/paths/~1pets~1{id}/get/parameters/1/name", { line: 5, column: 51 }],
    ["/paths/~1pets~1{id}/get/missing", { line: 5, column: 7 }],
    ["/x-str", { line: 8, column: 3 }],
  ];
  it.each(cases)("%s", (pointer, want) => {
    const parsed = parseSource("a.json", JSON_TEXT);
    if (!parsed.ok) throw new Error("fixture must parse");
    expect(parsed.doc.locate(pointer)).toEqual(want);
  });
});

describe("locate in YAML", () => {
  const text = "openapi: 3.0.3\npaths:\n  /pets:\n    get:\n      parameters:\n        - name: a\n        - name: b\n";
  const cases: [string, { line: number; column: number }][] = [
    ["/paths/~1pets/get", { line: 4, column: 5 }],
    ["/paths/~1pets/get/parameters/1", { line: 7, column: 11 }],
    ["/paths/~1pets/get/parameters/1/name", { line: 7, column: 11 }],
  ];
  it.each(cases)("%s", (pointer, want) => {
    const parsed = parseSource("a.yaml", text);
    if (!parsed.ok) throw new Error("fixture must parse");
    expect(parsed.doc.locate(pointer)).toEqual(want);
  });
});

describe("sourceOfValue", () => {
  it("locates in the 2-space JSON rendering", () => {
    expect(sourceOfValue("<object>", { a: { b: [1, { c: 2 }] } }).locate("/a/b/1/c")).toEqual({ line: 6, column: 9 });
  });
});

describe("findDuplicateJsonKey", () => {
  const cases: [string, string, { key: string; offset: number } | undefined][] = [
    ["none", `{"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]}`, undefined],
    ["top level", `{"a":1,"a":2}`, { key: "a", offset: 7 }],
    ["escaped key equals plain key", `{"eA":1,"e\\u0041":2}`, { key: "eA", offset: 8 }],
    ["quotes and brackets inside strings", `{"s":"}\\\\","t":"\\"{","s":0}`, { key: "s", offset: 21 }],
    ["past eight keys, the first repeated", `{${KEYS},"k0":1}`, { key: "k0", offset: KEYS.length + 2 }],
    ["past eight keys, the last repeated", `{${KEYS},"k11":1}`, { key: "k11", offset: KEYS.length + 2 }],
    [
      "past eight keys in an inner object",
      `{"o":{${KEYS}},"p":{${KEYS},"k5":0}}`,
      { key: "k5", offset: 2 * KEYS.length + 14 },
    ],
    ["past eight keys, none repeated", `[{${KEYS}},{${KEYS}}]`, undefined],
    ["keys of objects in an array", `{"a":[{"k":1},{"k":2,"x":{"k":3}}],"k":4}`, undefined],
  ];
  it.each(cases)("%s", (_name, text, want) => expect(findDuplicateJsonKey(text)).toEqual(want));
});

describe("scanJson depth", () => {
  const cases: [string, number][] = [
    ["1", 0],
    ["[]", 1],
    [`{"a":[{"b":{}}],"c":"[[[{{{"}`, 4],
    [`[[[1]],[2],{"k":[[[]]]}]`, 5],
  ];
  it.each(cases)("%s", (text, depth) => expect(scanJson(text)).toEqual({ depth }));
});

describe("parseSource size limit, in UTF-8 bytes", () => {
  const limits = { maxAliasCount: 10, maxDepth: 10, maxRefs: 10 };
  const cases: [string, number, boolean][] = [
    [`{"a":"€"}`, 11, true],
    [`{"a":"€"}`, 10, false],
    [`{"a":"😀"}`, 12, true],
    [`{"a":"😀"}`, 11, false],
    [`{"a":"bc"}`, 10, true],
    [`{"a":"bc"}`, 9, false],
  ];
  it.each(cases)("%s within %i bytes: %s", (text, maxBytes, ok) => {
    const parsed = parseSource("a.json", text, { ...limits, maxBytes });
    expect(parsed.ok).toBe(ok);
    if (!parsed.ok) expect(parsed.diagnostics.map((d) => d.code)).toEqual(["SOURCE_TOO_LARGE"]);
  });
});

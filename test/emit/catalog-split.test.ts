// The catalog's two parts: what the MCP server reads at start (the head) and the search fields, as ASCII JSON text.
import { describe, expect, it } from "vitest";
import { asciiJson, splitEntry } from "../../src/emit/catalog.js";
import type { CatalogEntry } from "../../src/runtime/catalog.js";

const base: CatalogEntry = {
  name: "list_pets",
  title: "List pets",
  description: "List pets.",
  risk: "low",
  category: "data",
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  approval: "none",
  inputNames: ["limit"],
  requiredInputs: [],
  module: "pet",
  export: "listPets",
};
const search = {
  name: "list_pets",
  title: "List pets",
  description: "List pets.",
  risk: "low",
  category: "data",
  annotations: base.annotations,
  approval: "none",
  inputNames: ["limit"],
  requiredInputs: [],
};

describe("splitEntry", () => {
  it.each([
    [
      "a deferred tool: its name, module and that it waits for a search",
      { ...base, deferLoading: true },
      { deferLoading: true },
    ],
    [
      "a secured tool keeps its security in the head",
      { ...base, security: [{ api_key: [] }] },
      { security: [{ api_key: [] }] },
    ],
    [
      "a tool listed upfront keeps its listing in the head",
      { ...base, definition: { name: "list_pets" } },
      { definition: { name: "list_pets" } },
    ],
  ])("%s", (_, entry, extra) => {
    const { head, search: fields } = splitEntry(entry as CatalogEntry);
    expect(head).toEqual({ name: "list_pets", ...extra, module: "pet", export: "listPets" });
    expect(fields).toEqual(search);
    expect({ ...fields, ...head }).toEqual(entry);
  });

  it("puts tags and profile with the search fields", () => {
    const profile = { action: "list", object: "pet", words: ["tag"] } as const;
    const { head, search: fields } = splitEntry({ ...base, tags: ["pet"], profile });
    expect(head).toEqual({ name: "list_pets", module: "pet", export: "listPets" });
    expect(fields).toEqual({ ...search, tags: ["pet"], profile });
  });
});

describe("asciiJson", () => {
  it.each([
    ["plain ASCII as JSON.stringify writes it", { a: "b" }, '{"a":"b"}'],
    ["a character past ASCII escaped", { d: "≥ 1 — café" }, '{"d":"\\u2265 1 \\u2014 caf\\u00e9"}'],
    ["DEL escaped", "\u007f", '"\\u007f"'],
    ["an astral character as its two surrogates", "😀", '"\\ud83d\\ude00"'],
  ])("%s", (_, value, text) => {
    expect(asciiJson(value)).toBe(text);
    expect(JSON.parse(asciiJson(value))).toEqual(value);
  });
});

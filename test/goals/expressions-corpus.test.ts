// Every runtime expression, template and criterion in the shared Arazzo corpus → parsed (or its known defect reported).

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { classifyValue, type CriterionInput, parseCriterion } from "../../src/runtime/expressions/index.js";

const CORPUS = new URL("../fixtures/corpus/arazzo/", import.meta.url);

interface Found {
  readonly file: string;
  readonly pointer: string;
}

interface Collected {
  readonly values: Array<Found & { readonly value: string }>;
  readonly criteria: Array<Found & { readonly criterion: CriterionInput }>;
}

const isCriterion = (node: Record<string, unknown>): boolean => typeof node["condition"] === "string";

function walk(node: unknown, at: Found, into: Collected): void {
  if (typeof node === "string" && (node.startsWith("$") || node.includes("{$")))
    into.values.push({ ...at, value: node });
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  if (!Array.isArray(node) && isCriterion(record)) {
    into.criteria.push({ ...at, criterion: record as unknown as CriterionInput });
    return;
  }
  for (const [key, child] of Object.entries(record))
    walk(child, { file: at.file, pointer: `${at.pointer}/${key}` }, into);
}

function collect(): Collected {
  const into: Collected = { values: [], criteria: [] };
  const files = readdirSync(CORPUS)
    .filter((f) => /arazzo\.ya?ml$/.test(f))
    .sort();
  for (const file of files) walk(parse(readFileSync(new URL(file, CORPUS), "utf8")), { file, pointer: "" }, into);
  return into;
}

const corpus = collect();

/** Defects in the corpus documents themselves: each must be reported, with this repair. */
const KNOWN_DEFECTS: Readonly<Record<string, { code: string; hint: string }>> = {
  "$steps.retrieveFinalizedPaymentPlan.finalizedPaymentPlan": {
    code: "missing-outputs",
    hint: "did you mean $steps.retrieveFinalizedPaymentPlan.outputs.finalizedPaymentPlan?",
  },
};

const label = (f: Found): string => `${f.file}#${f.pointer}`;

describe("Arazzo corpus", () => {
  it("has expressions and criteria in all three documents", () => {
    expect(new Set(corpus.values.map((v) => v.file)).size).toBe(3);
    expect(corpus.values.length).toBeGreaterThan(60);
    expect(corpus.criteria.length).toBeGreaterThan(30);
  });

  it.each(corpus.values.map((v) => [label(v), v] as const))("value %s", (_, { value }) => {
    const result = classifyValue(value);
    const defect = KNOWN_DEFECTS[value];
    if (defect !== undefined) {
      expect(result).toMatchObject({ kind: "error", error: { code: defect.code } });
      expect(result.kind === "error" && result.error.hint).toContain(defect.hint);
      return;
    }
    expect(result.kind, JSON.stringify(result)).toMatch(/^(expression|template)$/);
  });

  it.each(corpus.criteria.map((c) => [label(c), c] as const))("criterion %s", (_, { criterion }) => {
    const result = parseCriterion(criterion);
    if (criterion.type === "jsonpath") {
      expect(result).toMatchObject({ ok: false, error: { code: "unsupported-criterion", field: "type" } });
      return;
    }
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });
});

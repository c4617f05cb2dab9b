// Invalid planner fixtures (goals file + the spec it names) → their exact expected diagnostics.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";

interface Expected {
  code: string;
  severity: string;
  line: number | null;
  column: number | null;
  messageIncludes: string;
  hintIncludes: string;
}

const root = join(import.meta.dirname, "../fixtures/planner/invalid");

/** The spec a fixture's goals file names: `spec:` (ours) or the first OpenAPI source (Arazzo), relative to the file. */
function specOf(goalsFile: string): string {
  const doc = parse(readFileSync(goalsFile, "utf8")) as { spec?: string; sourceDescriptions?: { url: string }[] };
  const relative = doc.spec ?? doc.sourceDescriptions?.[0]?.url;
  if (relative === undefined) throw new Error(`${goalsFile} names no spec`);
  return resolve(dirname(goalsFile), relative);
}

const cases = readdirSync(root)
  .sort()
  .map((name) => {
    const dir = join(root, name);
    const file = join(dir, readdirSync(dir).find((f) => f.startsWith("goals."))!);
    const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected[];
    return [name, { file, expected }] as const;
  });

describe("invalid planner fixtures", () => {
  test("every required case has a fixture", () => {
    expect(cases.map(([name]) => name)).toEqual([
      "body-on-get",
      "duplicate-step-names",
      "duplicate-tool-names",
      "expression-context",
      "expression-syntax",
      "forward-reference",
      "goals-for-other-spec",
      "pointer-not-in-response",
      "step-cycle",
      "type-mismatch",
      "unbound-required-parameter",
      "unknown-operation-by-method-and-path",
      "unknown-operation-by-name",
      "unknown-output",
      "unknown-parameter",
      "unknown-step",
      "unsupported-arazzo-construct",
    ]);
  });

  test.each(cases)("%s", async (_name, { file, expected }) => {
    const result = await plan({ spec: specOf(file), goals: file });
    expect(result.tools).toEqual([]);
    expect(result.plan).toBeUndefined();
    const found = result.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      line: d.line ?? null,
      column: d.column ?? null,
    }));
    expect(found).toEqual(expected.map(({ code, severity, line, column }) => ({ code, severity, line, column })));
    result.diagnostics.forEach((d, i) => {
      expect(d.message).toContain(expected[i]!.messageIncludes);
      expect(d.hint).toContain(expected[i]!.hintIncludes);
      expect(d.file).toBe(file);
    });
  });
});

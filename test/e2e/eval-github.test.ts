// `aci-gen eval` on the GitHub example: its tasks file through the scripted fake Anthropic and OpenAI servers, the 16
// goal tools beside all 1,000-odd operations served with tool search, against prism mock of the real GitHub description.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import type { EvalReport } from "../../src/eval/index.js";
import type { RunRecord } from "../../src/eval/run.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { GITHUB_TASKS, scriptOf } from "../support/eval-scripts.js";
import { startFakeAnthropic, startFakeOpenAI } from "../support/fake-models.js";
import { ROOT, startPrismMock, type Prism } from "../support/e2e-harness.js";

const SPEC = join(ROOT, "node_modules/@octokit/openapi/generated/api.github.com.json");
const WORK = join(ROOT, ".tmp/e2e-eval-github");

let prism: Prism;
beforeAll(async () => {
  prism = await startPrismMock(SPEC);
}, 180_000);
afterAll(() => prism?.stop());
afterEach(() => vi.unstubAllEnvs());

async function evalGithub(model: string, dir: string): Promise<{ code: number; out: string; report: EvalReport }> {
  rmSync(dir, { recursive: true, force: true });
  vi.stubEnv("GITHUB_TOKEN", "ghp_eval_token");
  let out = "";
  const code = await main(
    [
      "node",
      "aci-gen",
      "eval",
      ...["--spec", SPEC, "--goals", join(ROOT, "examples/goals/github.goals.yaml")],
      ...["--tasks", join(ROOT, "examples/tasks/github.tasks.yaml"), "--model", model],
      ...["--upstream", `http://127.0.0.1:${prism.port}`, "--report-dir", dir, "--quiet"],
    ],
    { out: (t) => (out += t), err: () => undefined },
  );
  expect(existsSync(join(dir, "report.html"))).toBe(true);
  return { code, out, report: JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as EvalReport };
}

const called = (run: RunRecord): string[] => run.transcript.flatMap((e) => (e.kind === "tool" ? [e.name] : []));

/** The eval harness at GitHub's size is generator and harness work: once per CI run (eval-petstore runs it on every Node). */
describe.skipIf(REPEAT_RUN).each([
  ["anthropic", startFakeAnthropic, "ANTHROPIC"],
  ["openai", startFakeOpenAI, "OPENAI"],
] as const)("the GitHub tasks with %s (fake)", (provider, start, prefix) => {
  let ran: Awaited<ReturnType<typeof evalGithub>>;
  beforeAll(async () => {
    const fake = await start(scriptOf(GITHUB_TASKS, "triage_issue"));
    vi.stubEnv(`${prefix}_API_KEY`, `test-${provider}-key`);
    vi.stubEnv(`${prefix}_BASE_URL`, fake.url);
    try {
      ran = await evalGithub(`${provider}:scripted`, join(WORK, provider));
    } finally {
      vi.unstubAllEnvs();
      await fake.stop();
    }
  }, 300_000);

  it("passes every task with both toolsets", () => {
    expect(ran.code).toBe(0);
    expect(ran.report.totals.goal).toMatchObject({ tasks: 4, passed: 4 });
    expect(ran.report.totals.baseline).toMatchObject({ tasks: 4, passed: 4 });
    expect(ran.out).toMatch(/^total\s+goal\s+4\/4/m);
  });

  it("served 16 goal tools beside every operation behind tool search", () => {
    expect(ran.report.toolsets.goal).toMatchObject({ tools: 16, toolSearch: false });
    expect(ran.report.toolsets.baseline.tools).toBeGreaterThan(1000);
    expect(ran.report.toolsets.baseline.toolSearch).toBe(true);
    expect(ran.report.toolsets.baseline.upfrontTokens).toBeLessThan(ran.report.toolsets.baseline.definitionTokens / 50);
  });

  it("the goal run took fewer calls and approvals: one tool for the triage, one approval", () => {
    const triage = ran.report.tasks.find((t) => t.id === "triage_bug_report");
    expect(called(triage?.goal as RunRecord)).toEqual(["triage_issue", "triage_issue", "triage_issue"]);
    expect(triage?.goal).toMatchObject({ wrongArguments: 1, recoveries: 1 });
    expect(triage?.goal.approvals).toHaveLength(1);
    expect(triage?.baseline.approvals).toHaveLength(2);
    expect(triage?.goal.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /repos/octocat/hello-world/issues/1347",
      "POST /repos/octocat/hello-world/issues/1347/labels",
      "POST /repos/octocat/hello-world/issues/1347/comments",
    ]);
    expect(ran.report.totals.goal.approvals).toBe(2);
    expect(ran.report.totals.baseline.approvals).toBe(4);
    expect(ran.report.totals.goal.toolCalls).toBeLessThan(ran.report.totals.baseline.toolCalls);
  });
});

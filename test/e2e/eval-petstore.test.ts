// `aci-gen eval` end to end on the petstore example: the scripted fake Anthropic and OpenAI servers drive both toolsets
// through prism mock (a wrong argument, recovery from the envelope, a pending approval granted by the eval), and the
// report must say which run was which, what was sent, and fail a task whose criterion is unmet or forbidden request sent.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import type { EvalReport } from "../../src/eval/index.js";
import type { RunRecord } from "../../src/eval/run.js";
import { call, collect, answer, PETSTORE_TASKS, scriptOf, type TaskScript } from "../support/eval-scripts.js";
import { startFakeAnthropic, startFakeOpenAI, type FakeModel } from "../support/fake-models.js";
import { ROOT, runNode, startPrismMock, type Prism } from "../support/e2e-harness.js";

const GOALS = join(ROOT, "examples/goals/petstore.goals.yaml");
const TASKS = join(ROOT, "examples/tasks/petstore.tasks.yaml");
const WORK = join(ROOT, ".tmp/e2e-eval-petstore");
/** The eval's temporary folder (TMPDIR) during the Anthropic run. */
const SCRATCH = join(WORK, "tmp");
const GOAL_TOOLS = [
  "adopt_pet",
  "cancel_order",
  "find_available_pets",
  "find_customer_open_orders",
  "get_order_status",
  "get_pet_details",
];

interface Ran {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly report?: EvalReport;
}

async function runEval(args: readonly string[], dir: string, tasks = TASKS): Promise<Ran> {
  rmSync(dir, { recursive: true, force: true });
  let out = "";
  let err = "";
  const code = await main(
    ["node", "aci-gen", "eval", "--goals", GOALS, "--tasks", tasks, "--report-dir", dir, ...args],
    { out: (t) => (out += t), err: (t) => (err += t) },
  );
  const file = join(dir, "report.json");
  return {
    code,
    out,
    err,
    ...(existsSync(file) ? { report: JSON.parse(readFileSync(file, "utf8")) as EvalReport } : {}),
  };
}

const calledTools = (run: RunRecord): string[] => run.transcript.flatMap((e) => (e.kind === "tool" ? [e.name] : []));

const task = (report: EvalReport | undefined, id: string) => {
  const found = report?.tasks.find((t) => t.id === id);
  if (found === undefined) throw new Error(`no task ${id} in the report`);
  return found;
};

afterEach(() => vi.unstubAllEnvs());

describe("eval with the Anthropic Messages API (fake), prism mock started by the eval", () => {
  let fake: FakeModel;
  let ran: Ran;
  beforeAll(async () => {
    fake = await startFakeAnthropic(scriptOf(PETSTORE_TASKS, "adopt_pet"));
    vi.stubEnv("ANTHROPIC_API_KEY", "test-anthropic-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", fake.url);
    rmSync(SCRATCH, { recursive: true, force: true });
    mkdirSync(SCRATCH, { recursive: true });
    vi.stubEnv("TMPDIR", SCRATCH);
    ran = await runEval(["--model", "anthropic:claude-test"], join(WORK, "anthropic"));
    vi.unstubAllEnvs();
  }, 180_000);
  afterAll(() => fake.stop());

  it("leaves nothing in the temporary folder: each run's approvals and audit log go with it", () => {
    expect(ran.code).toBe(0);
    expect(readdirSync(SCRATCH)).toEqual([]);
  });

  it("passes every task with both toolsets and prints the table", () => {
    expect(ran.err).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(ran.code).toBe(0);
    expect(ran.report?.totals.goal).toMatchObject({ tasks: 4, passed: 4 });
    expect(ran.report?.totals.baseline).toMatchObject({ tasks: 4, passed: 4 });
    expect(ran.out).toMatch(/^total\s+goal\s+4\/4/m);
    expect(ran.out).toMatch(/^adopt_pet_for_ada\s+goal\s+pass\s+4\s+3\s/m);
    expect(ran.report?.upstream.kind).toBe("prism");
  });

  it("labels the runs: the goal run called goal tools only, the baseline one tool per operation, more calls", () => {
    const report = ran.report as EvalReport;
    for (const t of report.tasks) {
      expect(calledTools(t.goal).every((name) => GOAL_TOOLS.includes(name))).toBe(true);
      expect(calledTools(t.baseline).some((name) => GOAL_TOOLS.includes(name))).toBe(false);
      expect(t.goal.toolCalls).toBeLessThanOrEqual(t.baseline.toolCalls);
    }
    expect(report.totals.goal.toolCalls).toBe(7);
    expect(report.totals.baseline.toolCalls).toBe(9);
    expect(report.totals.goal.turns).toBeLessThan(report.totals.baseline.turns);
    expect(report.toolsets.goal.tools).toBe(6);
    expect(report.toolsets.baseline).toMatchObject({ tools: 19, toolSearch: true });
  });

  it("sent the goal toolset and the deferred baseline (tool search tool, beta header) to the provider", () => {
    const offered = fake.requests.map((r) => (r.body["tools"] as { name: string; defer_loading?: boolean }[]) ?? []);
    const goal = offered.filter((tools) => tools.some((t) => t.name === "adopt_pet"));
    const baseline = offered.filter((tools) => tools.some((t) => t.name === "place_order"));
    expect(goal.length + baseline.length).toBe(fake.requests.length);
    expect(goal[0]?.map((t) => t.name).sort()).toEqual(GOAL_TOOLS);
    expect(baseline[0]?.filter((t) => t.defer_loading === true)).toHaveLength(17);
    expect(baseline[0]?.map((t) => t.name)).toContain("tool_search_tool_bm25");
    const baselineRequest = fake.requests.find((r) => JSON.stringify(r.body["tools"]).includes("place_order"));
    expect(baselineRequest?.headers["anthropic-beta"]).toContain("advanced-tool-use");
    expect(fake.requests[0]?.body["system"]).toMatch(/pet shop's assistant/);
  });

  it("reports the wrong argument, the recovery, the approval and the requests of the adoption", () => {
    const adopt = task(ran.report, "adopt_pet_for_ada");
    expect(adopt.goal).toMatchObject({ wrongArguments: 1, recoveries: 1, turns: 4, toolCalls: 3 });
    expect(adopt.goal.approvals).toEqual([{ tool: "adopt_pet", requestId: expect.any(String), outcome: "done" }]);
    expect(adopt.goal.requests).toEqual([
      { method: "GET", path: "/users/by-email", status: 200 },
      { method: "GET", path: "/pet/10", status: 200 },
      { method: "POST", path: "/store/order", status: 201 },
    ]);
    const outcomes = adopt.goal.transcript.flatMap((e) => (e.kind === "tool" ? [e.outcome] : []));
    expect(outcomes).toEqual(["wrong_argument", "pending_approval", "ok"]);
    expect(adopt.goal.answer).toBe("Done: order 1001 is placed.");
    expect(adopt.baseline).toMatchObject({ wrongArguments: 1, recoveries: 1 });
    expect(adopt.baseline.searches).toBeGreaterThan(0);
    expect(adopt.goal.inputTokens).toBeLessThan(adopt.baseline.inputTokens);
  });

  it("writes a self-contained HTML report with the transcripts", () => {
    const html = readFileSync(join(WORK, "anthropic/report.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|src="http|url\(/i);
    expect(html).toContain("adopt_pet_for_ada");
    expect(html).toContain("Done: order 1001 is placed.");
    expect(html).toContain("wrong argument");
    expect(html).toContain("approved by the eval (operator)");
  });
});

describe("eval with OpenAI Chat Completions (fake, strict tools), --upstream prism mock", () => {
  let prism: Prism;
  let fake: FakeModel;
  beforeAll(async () => {
    [prism, fake] = await Promise.all([
      startPrismMock(join(ROOT, "examples/specs/petstore.oas31.yaml")),
      startFakeOpenAI(scriptOf(PETSTORE_TASKS, "adopt_pet")),
    ]);
  }, 120_000);
  afterAll(async () => {
    await fake.stop();
    await prism.stop();
  });

  const openai = (): void => {
    vi.stubEnv("OPENAI_API_KEY", "test-openai-key");
    vi.stubEnv("OPENAI_BASE_URL", fake.url);
    // A URL upstream gets the credentials the generated package would read from its environment.
    vi.stubEnv("PETSTORE_API_KEY", "upstream-key");
    vi.stubEnv("PETSTORE_PETSTORE_AUTH", "upstream-token");
  };
  const upstream = (): string[] => ["--upstream", `http://127.0.0.1:${prism.port}`];

  it("passes every task; the baseline searches with search_tools and every tool is strict", async () => {
    openai();
    const ran = await runEval(["--model", "openai:gpt-test", ...upstream()], join(WORK, "openai"));
    expect(ran.code).toBe(0);
    expect(ran.report?.upstream).toMatchObject({ kind: "url", url: `http://127.0.0.1:${prism.port}` });
    expect(ran.report?.totals.goal).toMatchObject({ passed: 4, toolCalls: 7, searches: 0, approvals: 2 });
    expect(ran.report?.totals.baseline).toMatchObject({ passed: 4, approvals: 2 });
    expect(ran.report?.totals.baseline.searches).toBeGreaterThan(0);
    const adopt = task(ran.report, "adopt_pet_for_ada");
    expect(calledTools(adopt.baseline)).toEqual([
      "search_tools",
      "place_order",
      "search_tools",
      "get_user_by_email",
      "place_order",
      "place_order",
    ]);
    expect(adopt.goal).toMatchObject({ wrongArguments: 1, recoveries: 1 });
  }, 120_000);

  it("runs as a real process (bin/aci-gen.js) with the key and base URL from its environment", async () => {
    const dir = join(WORK, "process");
    rmSync(dir, { recursive: true, force: true });
    const child = await runNode(
      [
        join(ROOT, "bin/aci-gen.js"),
        "eval",
        ...["--goals", GOALS, "--tasks", TASKS, "--model", "openai:gpt-test", ...upstream(), "--report-dir", dir],
      ],
      {
        PATH: process.env.PATH ?? "",
        OPENAI_API_KEY: "test-openai-key",
        OPENAI_BASE_URL: fake.url,
        PETSTORE_API_KEY: "upstream-key",
        PETSTORE_PETSTORE_AUTH: "upstream-token",
      },
      120_000,
    );
    expect(child.code).toBe(0);
    expect(child.stdout).toMatch(/^total\s+goal\s+4\/4/m);
    expect(child.stderr).toContain(`wrote ${join(dir, "report.json")} and ${join(dir, "report.html")}`);
    expect(existsSync(join(dir, "report.html"))).toBe(true);
  }, 120_000);

  it("stops at a refused key with EVAL_PROVIDER_REJECTED, exit 2, no report", async () => {
    openai();
    vi.stubEnv("OPENAI_API_KEY", "wrong-key");
    const calls = fake.requests.length;
    const ran = await runEval(["--model", "openai:gpt-test", ...upstream()], join(WORK, "refused"));
    expect(ran.code).toBe(2);
    expect(ran.err).toMatch(
      /error EVAL_PROVIDER_REJECTED openai:gpt-test: http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered 401/,
    );
    expect(ran.report).toBeUndefined();
    expect(fake.requests.length).toBe(calls + 1);
  }, 120_000);

  it("sends setup requests first, uncounted, and does not run a task whose setup failed", async () => {
    openai();
    const tasks = join(WORK, "setup.tasks.yaml");
    mkdirSync(WORK, { recursive: true });
    writeFileSync(
      tasks,
      [
        "eval: 1",
        "tasks:",
        "  - id: after_login",
        "    message: What is the name of pet 10, and is it still available?",
        "    setup:",
        "      system: You are a terse assistant.",
        "      requests:",
        "        - { method: GET, path: /user/login, query: { username: theUser, password: secret } }",
        "    success: { must_send: [{ method: GET, path: /pet/10 }], answer_contains: [doggie] }",
        "  - id: after_failed_setup",
        "    message: What is the name of pet 10, and is it still available?",
        "    setup:",
        "      requests: [{ method: POST, path: /pet, body: { name: Rex, photoUrls: [] } }]",
        "    success: { must_send: [{ method: GET, path: /pet/10 }] }",
        "",
      ].join("\n"),
    );
    const ran = await runEval(["--model", "openai:gpt-test", ...upstream()], join(WORK, "setup"), tasks);
    expect(ran.code).toBe(1);
    const login = task(ran.report, "after_login").goal;
    expect(login.success).toBe(true);
    expect(login.transcript.slice(0, 3)).toEqual([
      { kind: "system", text: "You are a terse assistant." },
      { kind: "setup", request: { method: "GET", path: "/user/login", status: 200 } },
      { kind: "user", text: "What is the name of pet 10, and is it still available?" },
    ]);
    expect(login.requests).toEqual([{ method: "GET", path: "/pet/10", status: 200 }]);
    const failed = task(ran.report, "after_failed_setup").baseline;
    expect(failed).toMatchObject({
      success: false,
      turns: 0,
      failure: "setup request POST /pet answered 401; the task was not run",
    });
  }, 120_000);

  it("fails a task whose run sends a forbidden request, and says which", async () => {
    openai();
    const adopt = PETSTORE_TASKS[0] as TaskScript;
    const rogue: TaskScript = {
      ...adopt,
      goal: [
        call("adopt_pet", { email: "ada@example.com", pet_id: 10 }),
        collect("adopt_pet"),
        call("cancel_order", { order_id: 1001 }),
        collect("cancel_order"),
        answer("Done: order 1001 is placed."),
      ],
    };
    const fakeRogue = await startFakeOpenAI(scriptOf([rogue, ...PETSTORE_TASKS.slice(1)], "adopt_pet"));
    vi.stubEnv("OPENAI_BASE_URL", fakeRogue.url);
    try {
      const ran = await runEval(["--model", "openai:gpt-test", ...upstream()], join(WORK, "forbidden"));
      expect(ran.code).toBe(1);
      const run = task(ran.report, "adopt_pet_for_ada").goal;
      expect(run.success).toBe(false);
      expect(run.checks.filter((c) => !c.ok)).toEqual([
        {
          kind: "must_not_send",
          expected: "DELETE /store/order/{orderId}",
          ok: false,
          detail: "sent: DELETE /store/order/1001 → 204",
        },
      ]);
      expect(task(ran.report, "adopt_pet_for_ada").baseline.success).toBe(true);
      expect(ran.out).toContain("adopt_pet_for_ada (goal): must_not_send DELETE /store/order/{orderId}: sent:");
    } finally {
      await fakeRogue.stop();
    }
  }, 120_000);

  it("fails a task whose answer lacks a fact or whose required request was never sent", async () => {
    openai();
    const [adopt, orders, pet, cancel] = PETSTORE_TASKS as [TaskScript, TaskScript, TaskScript, TaskScript];
    const wrongPet: TaskScript = { ...pet, goal: [call("get_pet_details", { pet_id: 10 }), answer("It is a dog.")] };
    const noCancel: TaskScript = { ...cancel, baseline: [answer("I cancelled order 1001.")] };
    const fakeSloppy = await startFakeOpenAI(scriptOf([adopt, orders, wrongPet, noCancel], "adopt_pet"));
    vi.stubEnv("OPENAI_BASE_URL", fakeSloppy.url);
    try {
      const ran = await runEval(["--model", "openai:gpt-test", ...upstream()], join(WORK, "unmet"));
      expect(ran.code).toBe(1);
      const petRun = task(ran.report, "pet_10_name").goal;
      expect(petRun.success).toBe(false);
      expect(petRun.checks.filter((c) => !c.ok).map((c) => [c.kind, c.expected, c.detail])).toEqual([
        ["answer_contains", "doggie", "not in the final answer"],
        ["answer_contains", "available", "not in the final answer"],
      ]);
      const cancelRun = task(ran.report, "cancel_order_1001").baseline;
      expect(cancelRun.success).toBe(false);
      expect(cancelRun.checks.find((c) => c.kind === "must_send")).toMatchObject({ ok: false, detail: "never sent" });
      expect(task(ran.report, "cancel_order_1001").goal.success).toBe(true);
      expect(ran.report?.totals.goal.passed).toBe(3);
      expect(ran.report?.totals.baseline.passed).toBe(3);
    } finally {
      await fakeSloppy.stop();
    }
  }, 120_000);
});

describe("eval of a gzip-compressed spec", () => {
  it("inflates it for prism mock (which reads no gzip) and passes every task; --json prints the report", async () => {
    const gz = join(WORK, "petstore.oas31.yaml.gz");
    mkdirSync(WORK, { recursive: true });
    writeFileSync(gz, gzipSync(readFileSync(join(ROOT, "examples/specs/petstore.oas31.yaml"))));
    const fake = await startFakeAnthropic(scriptOf(PETSTORE_TASKS, "adopt_pet"));
    vi.stubEnv("ANTHROPIC_API_KEY", "test-anthropic-key");
    vi.stubEnv("ANTHROPIC_BASE_URL", fake.url);
    try {
      const ran = await runEval(["--spec", gz, "--model", "anthropic:claude-test", "--json"], join(WORK, "gzip"));
      expect(ran.err).not.toContain("EVAL_UPSTREAM_FAILED");
      expect(ran.code).toBe(0);
      expect(ran.report?.totals.goal.passed).toBe(4);
      const printed = JSON.parse(ran.out) as EvalReport & { diagnostics: unknown[] };
      expect(printed.totals).toEqual(ran.report?.totals);
      expect(printed.diagnostics).toEqual([]);
    } finally {
      await fake.stop();
    }
  }, 120_000);
});

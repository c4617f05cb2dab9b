// Lint end to end: fixture goals files with their exact findings, rule settings, the petstore goals vs all operations, and CLI exit codes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../src/api/lint.js";
import { main } from "../../src/cli/main.js";
import type { Finding } from "../../src/lint/index.js";

const ROOT = join(import.meta.dirname, "../..");
const PETSTORE = join(ROOT, "examples/specs/petstore.oas31.yaml");
const GOALS = join(ROOT, "examples/goals/petstore.goals.yaml");
const FIXTURES = join(ROOT, "test/fixtures/lint");

const row = (f: Finding) => ({
  rule: f.rule,
  severity: f.severity,
  ...(f.tool === undefined ? {} : { tool: f.tool }),
  line: f.line,
});

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(["node", "aci-gen", ...args], { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

describe("lint fixtures: each goals file with its exact findings", () => {
  const cases = readdirSync(FIXTURES).sort();
  it.each(cases)("%s", async (name) => {
    const goals = join(FIXTURES, name, "goals.yaml");
    const expected = JSON.parse(readFileSync(join(FIXTURES, name, "expected.json"), "utf8"));
    const result = await lint({ spec: PETSTORE, goals });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.findings.map(row)).toEqual(expected);
    for (const f of result.findings) {
      expect(f.file).toBe(goals);
      expect(f.pointer).toMatch(/^\//);
      expect(f.hint.length).toBeGreaterThan(10);
    }
  });

  it("names the rule a misspelt setting meant", async () => {
    const result = await lint({ spec: PETSTORE, goals: join(FIXTURES, "rule-config/goals.yaml") });
    expect(result.findings[0]).toMatchObject({
      rule: "lint-config",
      pointer: "/lint/rules/simlar-tool-names",
      hint: 'did you mean "similar-tool-names"?',
    });
  });
});

describe("rule settings from the goals file", () => {
  const doc = (rules: Record<string, string>) => ({
    aci: 1,
    lint: { rules },
    goals: [
      {
        name: "find_order",
        description: "Get one order.",
        use_when: "You know its id.",
        steps: [{ id: "o", operation: "getOrderById", params: { orderId: "$inputs.order_id" } }],
      },
      {
        name: "lookup_order",
        description: "Show an order.",
        use_when: "The user names one.",
        steps: [{ id: "o", operation: "getOrderById", params: { orderId: "$inputs.order_id" } }],
      },
    ],
  });
  it.each([
    ["default", {}, ["warn"]],
    ["error", { "similar-tool-names": "error" }, ["error"]],
    ["warn", { "similar-tool-names": "warn" }, ["warn"]],
    ["off", { "similar-tool-names": "off" }, []],
  ] as const)("similar-tool-names %s", async (_, rules, want) => {
    const result = await lint({ spec: PETSTORE, goals: doc(rules) });
    expect(result.findings.filter((f) => f.rule === "similar-tool-names").map((f) => f.severity)).toEqual(want);
  });

  it("takes the budget from --budget over lint.budget", async () => {
    const goals = join(FIXTURES, "definition-budget/goals.yaml");
    expect((await lint({ spec: PETSTORE, goals })).budget?.budget).toBe(150);
    const raised = await lint({ spec: PETSTORE, goals, budget: 10_000 });
    expect(raised.budget?.budget).toBe(10_000);
    expect(raised.findings.filter((f) => f.rule === "definition-budget")).toEqual([]);
  });
});

describe("the petstore example", () => {
  it("lints clean with its goals", async () => {
    const result = await lint({ spec: PETSTORE, goals: GOALS });
    expect(result.findings).toEqual([]);
    expect(result.budget?.overBudget).toBe(false);
    expect(result.budget?.tools.map((t) => t.name)).toEqual([
      "find_customer_open_orders",
      "adopt_pet",
      "find_available_pets",
      "get_pet_details",
      "get_order_status",
      "cancel_order",
    ]);
  });

  it("shows why one tool per endpoint is a bad surface", async () => {
    const result = await lint({ spec: PETSTORE, allOperations: true, budget: 4000 });
    const by = (rule: string) => result.findings.filter((f) => f.rule === rule);
    expect(by("too-many-tools")).toHaveLength(1);
    expect(by("too-many-tools")[0]?.hint).toContain("--include-tag pet");
    expect(by("missing-when-to-use")).toHaveLength(19);
    expect(by("similar-tool-names").map((f) => f.tool)).toEqual(
      expect.arrayContaining(["find_pets_by_status", "get_user_by_email", "update_pet_with_form"]),
    );
    expect(by("undescribed-parameter").length).toBeGreaterThan(10);
    expect(result.budget?.totalTokens).toBeGreaterThan(4 * 934);
    for (const f of result.findings) expect(f.file).toBe(PETSTORE);
    expect(by("missing-when-to-use").every((f) => typeof f.line === "number")).toBe(true);
  });

  it("passes the default budget of 5,000 tokens in all-operations mode, so it is served with tool search, and what the model sees upfront fits", async () => {
    const result = await lint({ spec: PETSTORE, allOperations: true });
    expect(result.budget).toMatchObject({ budget: 5000, overBudget: true, serving: { mode: "search" } });
    expect(result.budget?.totalTokens).toBeGreaterThan(5000);
    expect(result.budget?.upfrontTokens).toBeLessThanOrEqual(5000);
    expect(result.budget?.upfrontTokens).toBeLessThan(result.budget!.totalTokens);
    expect(result.findings.filter((f) => f.rule === "definition-budget")).toEqual([]);
  });
});

describe("definition-budget judges what the model sees in each serving mode", () => {
  it("all definitions listed: quiet within the budget", async () => {
    const result = await lint({ spec: PETSTORE, goals: GOALS });
    expect(result.budget).toMatchObject({ serving: { mode: "all" }, overBudget: false });
    expect(result.budget?.upfrontTokens).toBe(result.budget?.totalTokens);
  });

  it("tool search: warns when the core and the search tools alone pass the budget, and says it is served with search", async () => {
    const result = await lint({ spec: PETSTORE, goals: join(FIXTURES, "definition-budget/goals.yaml") });
    expect(result.budget?.serving).toEqual({ mode: "search", core: [] });
    expect(result.findings.filter((f) => f.rule === "definition-budget")).toEqual([
      expect.objectContaining({
        severity: "warn",
        message: `served with tool search: 0 core tools plus search_tools and call_tool listed: ${result.budget?.upfrontTokens} tokens (o200k) upfront, over the budget of 150`,
        hint: "the search tools alone pass the budget: raise it (--budget, lint.budget)",
      }),
    ]);
  });

  it("tool search with core goals: names the largest core tools", async () => {
    const goals = readFileSync(join(FIXTURES, "definition-budget/goals.yaml"), "utf8").replaceAll(
      "    use_when:",
      "    core: true\n    use_when:",
    );
    const { parse } = await import("yaml");
    const result = await lint({ spec: PETSTORE, goals: parse(goals) });
    expect(result.budget?.serving).toEqual({ mode: "search", core: ["get_pet_details", "get_order_status"] });
    const [finding] = result.findings.filter((f) => f.rule === "definition-budget");
    expect(finding?.message).toMatch(
      /^served with tool search: 2 core tools plus search_tools and call_tool listed: \d+ tokens/,
    );
    expect(finding?.hint).toMatch(
      /^mark fewer goals `core: true` \(largest core: get_(pet_details|order_status) \d+, get_/,
    );
  });
});

describe("aci-gen lint", () => {
  it("exits 0 on a clean toolset and prints the budget summary", async () => {
    const { code, out } = await run("lint", "--spec", PETSTORE, "--goals", GOALS);
    expect(code).toBe(0);
    expect(out).toContain("no lint findings");
    expect(out).toMatch(/context budget: \d+ of 5000 tokens/);
  });

  it("exits 1 on an error finding", async () => {
    const { code, out } = await run(
      "lint",
      "--spec",
      PETSTORE,
      "--goals",
      join(FIXTURES, "missing-when-to-use/goals.yaml"),
    );
    expect(code).toBe(1);
    expect(out).toMatch(/goals\.yaml:5 error missing-when-to-use \[get_pet_details\]/);
    expect(out).toContain("hint: add use_when to goal get_pet_details");
  });

  it("exits 0 when there are only warnings", async () => {
    expect((await run("lint", "--spec", PETSTORE, "--goals", join(FIXTURES, "split-goal/goals.yaml"))).code).toBe(0);
  });

  it("prints findings and the budget as JSON", async () => {
    const { code, out } = await run("lint", "--spec", PETSTORE, "--all-operations", "--json", "--budget", "4000");
    expect(code).toBe(1);
    const json = JSON.parse(out);
    expect(Object.keys(json.findings[0]).sort()).toEqual(
      expect.arrayContaining(["rule", "severity", "message", "hint", "file", "pointer"]),
    );
    expect(json.budget).toMatchObject({ budget: 4000, overBudget: true });
    expect(json.budget.tools).toHaveLength(19);
  });

  it.each([
    ["an unreadable goals file", ["--goals", join(FIXTURES, "nope.yaml")]],
    ["no goals and no --all-operations", []],
    ["a bad --budget", ["--all-operations", "--budget", "-3"]],
  ])("exits 2 on %s", async (_, args) => {
    const { code, out } = await run("lint", "--spec", PETSTORE, ...args);
    expect(code).toBe(2);
    expect(out).toBe("");
  });
});

describe("aci-gen plan shows the budget", () => {
  it("as a summary block and under --json", async () => {
    const text = await run("plan", "--spec", PETSTORE, "--goals", GOALS);
    expect(text.out).toMatch(/\ncontext budget: \d+ of 5000 tokens \(o200k\) for 6 tool definitions, within budget/);
    const json = JSON.parse((await run("plan", "--spec", PETSTORE, "--goals", GOALS, "--json")).out);
    expect(json.budget).toMatchObject({ budget: 5000, overBudget: false });
    expect(json.budget.totalTokens).toBe(json.totalTokens);
  });
});

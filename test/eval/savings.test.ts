// Savings by construction: every example's `plan` (and `lint`) lists, per goal, one call against the endpoints its steps
// call and the bytes the model reads against what they return, from the spec's own examples and schemas.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { main } from "../../src/cli/main.js";
import { goalSavings, planSavings, savingsToText } from "../../src/eval/savings.js";

const ROOT = join(import.meta.dirname, "../..");
const EXAMPLES = JSON.parse(readFileSync(join(ROOT, "examples/examples.json"), "utf8")) as {
  name: string;
  spec: string;
  goals: string;
}[];

async function run(...args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await main(["node", "aci-gen", ...args], { out: (t) => void (out += t), err: () => undefined });
  return { code, out };
}

describe("plan shows the savings of every example", () => {
  it.each(EXAMPLES)(
    "$name",
    async ({ spec, goals }) => {
      const planned = await plan({ spec: join(ROOT, spec), goals: join(ROOT, goals) });
      const tools = planned.plan?.tools ?? [];
      const { code, out } = await run("plan", "--spec", join(ROOT, spec), "--goals", join(ROOT, goals));
      expect(code).toBe(0);
      const section = out.slice(out.indexOf("savings by construction"));
      const lines = section.trim().split("\n").slice(1);
      expect(lines).toHaveLength(tools.length + 1);
      for (const [i, tool] of tools.entries()) {
        const calls = tool.steps.length > 1 ? `1 call instead of ${tool.steps.length}` : "1 call (1 endpoint)";
        expect(lines[i]).toMatch(
          new RegExp(`^  ${tool.name}: ${calls.replace(/[()]/g, "\\$&")}; reads [\\d,]+ bytes where`),
        );
      }
      const steps = tools.reduce((n, t) => n + t.steps.length, 0);
      expect(lines.at(-1)).toMatch(new RegExp(`^  total: ${tools.length} calls instead of ${steps}; `));
    },
    120_000,
  );
});

describe("goalSavings on the petstore", () => {
  it("adopt_pet: 3 endpoints, and the model reads the order id and status only", async () => {
    const planned = await plan({
      spec: join(ROOT, "examples/specs/petstore.oas31.yaml"),
      goals: join(ROOT, "examples/goals/petstore.goals.yaml"),
    });
    const api = planned.api;
    const tool = planned.plan?.tools.find((t) => t.name === "adopt_pet");
    if (api === undefined || tool === undefined || planned.plan === undefined) throw new Error("petstore did not plan");
    const savings = goalSavings(api, tool, 2048);
    expect(savings).toMatchObject({ tool: "adopt_pet", calls: 1, endpointCalls: 3 });
    expect(savings.resultBytes).toBe(Buffer.byteLength(JSON.stringify({ order_id: 1001, status: "placed" })));
    expect(savings.endpointBytes).toBeGreaterThan(10 * savings.resultBytes);
    expect(goalSavings(api, tool, 20).resultBytes).toBe(20);
    expect(savingsToText(planSavings(api, planned.plan))).toContain(
      "  adopt_pet: 1 call instead of 3; reads 35 bytes where the endpoints return ",
    );
  });

  it("lint prints the section and lint --json carries it; all-operations mode has none", async () => {
    const goals = join(ROOT, "examples/goals/petstore.goals.yaml");
    expect((await run("lint", "--goals", goals)).out).toContain("savings by construction");
    const json = JSON.parse((await run("lint", "--goals", goals, "--json")).out) as { savings: { tool: string }[] };
    expect(json.savings.map((s) => s.tool)).toContain("adopt_pet");
    const all = await run("plan", "--spec", join(ROOT, "examples/specs/petstore.oas31.yaml"), "--all-operations");
    expect(all.out).not.toContain("savings by construction");
  });
});

